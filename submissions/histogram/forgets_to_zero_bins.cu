// cudagrade-expect: wrong_answer
// Mistake: no zeroing. The student counts straight into bins with atomicAdd, assuming that memory from
// cudaMalloc starts at 0. It does not have to: it holds whatever the last user left (on a freshly started
// GPU process it is often zero, which is why this passes a quick test at home). The grader fills bins with
// garbage before every call, as a second call on the same buffers would see the first call's counts, so every
// count comes out as garbage + the right count, and a bin no element falls in is never written at all:
// wrong_answer in every case, the grader noting the counts above n. Fix: a kernel that sets every bin to 0,
// launched first on the same stream.
#include "histogram.cuh"

#define BLOCK 256

__global__ void histogram_kernel(const unsigned* in, unsigned* bins, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) atomicAdd(&bins[in[i]], 1u);  // BUG: adds to whatever bins held on entry
}

void histogram(const unsigned* in, unsigned* bins, int n, int num_bins) {
    (void)num_bins;
    histogram_kernel<<<(n + BLOCK - 1) / BLOCK, BLOCK>>>(in, bins, n);
}
