// cudagrade-expect: crashed
// Mistake: the grid is rounded up, but the kernel has no `if (i < n)`. When n is not a multiple of 256 the
// threads of the last block past the end read in[n], in[n + 1], ...: not elements but whatever lies there,
// and use it as a bin index. In a vector add an out-of-bounds read gives one wrong number; here it gives a
// wild address for a write. The grader keeps large guard words just past the end of in (about 1.26e9), so
// atomicAdd(&bins[1.26e9], 1) writes 5 GB past bins: an illegal address on a GPU, and `crashed` in the
// simulator, which names the kernel and the thread. Cases whose n is a multiple of 256 pass (the powers of
// two, 65536 values into 1500 bins); every case whose n is ragged crashes, n = 1 first. On a GPU without the guard words the same bug may instead add to some other bin
// or buffer silently. Fix: `if (i < n)` around the read and the atomic.
#include "histogram.cuh"

#define BLOCK 256

__global__ void zero_bins(unsigned* bins, int num_bins) {
    int b = blockIdx.x * blockDim.x + threadIdx.x;
    if (b < num_bins) bins[b] = 0;
}

__global__ void histogram_kernel(const unsigned* in, unsigned* bins, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    atomicAdd(&bins[in[i]], 1u);  // BUG: no check against n; in[i] past the end is no bin index
}

void histogram(const unsigned* in, unsigned* bins, int n, int num_bins) {
    zero_bins<<<(num_bins + BLOCK - 1) / BLOCK, BLOCK>>>(bins, num_bins);
    histogram_kernel<<<(n + BLOCK - 1) / BLOCK, BLOCK>>>(in, bins, n);
}
