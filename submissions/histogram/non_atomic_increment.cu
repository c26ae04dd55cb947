// cudagrade-expect: race
// Mistake: `bins[in[i]]++` instead of atomicAdd. The increment is three steps: read the counter, add one,
// write it back. When two threads hit the same bin at the same time, both read the same old count and both
// write old + 1: one element is lost. The inputs are skewed (about 13% of them are 0), so on a GPU bin 0 comes
// out far too low in every case but the smallest, and by a different amount in every run. In the simulator
// the first order runs each thread's increment whole and gets every count right; its race checker sees one
// thread write a word of bins that another reads with no atomic and no barrier, and names both threads and
// the line, and the second order (threads switched at every global access) loses increments as a GPU does.
// Only n = 1 and n = 2 (no two elements in one bin) pass. Fix: atomicAdd(&bins[in[i]], 1u).
#include "histogram.cuh"

#define BLOCK 256

__global__ void zero_bins(unsigned* bins, int num_bins) {
    int b = blockIdx.x * blockDim.x + threadIdx.x;
    if (b < num_bins) bins[b] = 0;
}

__global__ void histogram_kernel(const unsigned* in, unsigned* bins, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) bins[in[i]]++;  // BUG: a read, an add and a write, which other threads interleave with
}

void histogram(const unsigned* in, unsigned* bins, int n, int num_bins) {
    zero_bins<<<(num_bins + BLOCK - 1) / BLOCK, BLOCK>>>(bins, num_bins);
    histogram_kernel<<<(n + BLOCK - 1) / BLOCK, BLOCK>>>(in, bins, n);
}
