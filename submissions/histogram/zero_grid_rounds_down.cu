// cudagrade-expect: crashed
// Mistake: the kernel that zeroes the bins is launched with num_bins / 256 blocks, rounded down ("1024 bins,
// 4 blocks": it was written for the square cases). When num_bins is not a multiple of 256 the last
// num_bins % 256 bins are never zeroed: their counts are added to the garbage bins held on entry (or, where no
// element falls in one, it is never written at all). The square cases, 1024 bins, pass; the cases with 1025,
// 1500, 3001 or 4095 bins fail with wrong_answer, the grader naming the first bin past the last multiple of
// 256. With fewer than 256 bins (the 7- and 1-bin cases) the grid is 0 blocks, which CUDA refuses to launch
// ("invalid configuration argument"): crashed, the verdict of the whole file on both backends. Fix:
// (num_bins + 256 - 1) / 256 blocks, the ceiling, as for n.
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
