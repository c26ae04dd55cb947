// cudagrade-expect: wrong_answer
// Mistake: the kernel that zeroes the bins is launched with num_bins / 256 blocks, rounded down ("1024 bins,
// 4 blocks": it was written for the square cases). When num_bins is not a multiple of 256 the last
// num_bins % 256 bins are never zeroed. No element falls in them here (the inputs are below 1024), so they are
// never written at all and keep the garbage bins held on entry. The counts are all right and the square cases
// pass; the cases with 1025, 1500, 3001 or 4095 bins fail with wrong_answer, the grader naming bins[1024] (or the
// first bin past the last multiple of 256) as never written. Had a value fallen there, its count would have
// been added to garbage. Fix: (num_bins + 256 - 1) / 256 blocks, the ceiling, as for n.
#include "histogram.cuh"

#define BLOCK 256

__global__ void zero_bins(unsigned* bins, int num_bins) {
    int b = blockIdx.x * blockDim.x + threadIdx.x;
    if (b < num_bins) bins[b] = 0;
}

__global__ void histogram_kernel(const unsigned* in, unsigned* bins, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) atomicAdd(&bins[in[i]], 1u);
}

void histogram(const unsigned* in, unsigned* bins, int n, int num_bins) {
    zero_bins<<<num_bins / BLOCK, BLOCK>>>(bins, num_bins);  // BUG: rounds down; the last bins are never zeroed
    histogram_kernel<<<(n + BLOCK - 1) / BLOCK, BLOCK>>>(in, bins, n);
}
