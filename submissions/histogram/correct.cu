// cudagrade-expect: passed
// A correct student solution: a kernel that zeroes every bin (a grid rounded up over num_bins, with a bounds
// check), then the lecture's privatised histogram: each block zeroes a copy of the bins in dynamic shared
// memory, __syncthreads(), counts its elements into it with shared atomics (a grid-stride loop with the bound
// n), __syncthreads(), and adds its copy into bins with one global atomicAdd per bin. Every case passes,
// n = 1 and the unusual bin counts (1025, 3001) included. It is the speed reference's plan
// (reference/histogram/shared_privatized.cu) with a fixed grid of 512 blocks, so its time should be close to
// the reference's.
#include "histogram.cuh"

#define BLOCK 256
#define GRID 512

__global__ void zero_bins(unsigned* bins, int num_bins) {
    int b = blockIdx.x * blockDim.x + threadIdx.x;
    if (b < num_bins) bins[b] = 0;
}

__global__ void histogram_kernel(const unsigned* in, unsigned* bins, int n, int num_bins) {
    extern __shared__ unsigned s_bins[];
    for (int b = threadIdx.x; b < num_bins; b += blockDim.x) s_bins[b] = 0;
    __syncthreads();
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) {
        atomicAdd(&s_bins[in[i]], 1u);
    }
    __syncthreads();
    for (int b = threadIdx.x; b < num_bins; b += blockDim.x) atomicAdd(&bins[b], s_bins[b]);
}

void histogram(const unsigned* in, unsigned* bins, int n, int num_bins) {
    zero_bins<<<(num_bins + BLOCK - 1) / BLOCK, BLOCK>>>(bins, num_bins);
    histogram_kernel<<<GRID, BLOCK, num_bins * sizeof(unsigned)>>>(in, bins, n, num_bins);
}
