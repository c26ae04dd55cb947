// cudagrade-expect: race
// Mistake: the privatised histogram without its barriers. Each thread zeroes some of the block's shared
// counters, counts its elements, and merges some counters into bins, "in that order", but the order holds
// only for the thread itself: thread 5 may count into s_bins[0] before thread 0 has zeroed it (the count is
// then lost, or added to the NaN bytes the simulator fills shared memory with), and thread 0 may merge
// s_bins[0] while thread 5 is still counting into it (the count never reaches bins). On a GPU a block's warps
// run in any order, so the counts come out wrong by small amounts, differently in every run; the simulator
// reports the race in every case but n = 1 (one element, counted and merged by the thread that zeroed its
// counter): the shared array, both threads, the zeroing line, and the barrier to add (it gives the atomic's
// line as "an unknown line"). Fix: __syncthreads() after the zeroing loop and again before the merging loop.
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
    // BUG: no __syncthreads(): other threads may count into a counter before it is zeroed
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) {
        atomicAdd(&s_bins[in[i]], 1u);
    }
    // BUG: no __syncthreads(): this thread merges counters other threads are still counting into
    for (int b = threadIdx.x; b < num_bins; b += blockDim.x) atomicAdd(&bins[b], s_bins[b]);
}

void histogram(const unsigned* in, unsigned* bins, int n, int num_bins) {
    zero_bins<<<(num_bins + BLOCK - 1) / BLOCK, BLOCK>>>(bins, num_bins);
    histogram_kernel<<<GRID, BLOCK, num_bins * sizeof(unsigned)>>>(in, bins, n, num_bins);
}
