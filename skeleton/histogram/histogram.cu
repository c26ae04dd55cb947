// Histogram lab: your solution. Implement histogram() from histogram.cuh:
//     bins[v] = number of i in [0, n) with in[i] == v,   for v in [0, num_bins)   (uint32 counts, exact)
//
// As handed out, this file compiles and runs but never writes bins, so every test fails with wrong_answer.
// Replace the TODOs; keep the signature of histogram() exactly as it is.
//
// Rules: launch your kernels on the default stream; do not allocate memory, synchronise or print in
// histogram(); never write to `in` (the grader checks it is unchanged afterwards), and never write past the
// end of bins (the grader keeps guard words there and checks they are intact).

#include "histogram.cuh"

namespace {

constexpr int kBlock = 256;  // threads per block

// Step 1: bins holds garbage when histogram() is called. Every bin, the ones no element falls into
// included, must end up written: zero them all before counting. num_bins (1 to 4096) can be larger than a
// block, so cover it with enough blocks, or with a loop.
__global__ void zero_bins(unsigned* bins, int num_bins) {
    // TODO 1: bins[b] = 0 for every b in [0, num_bins).
}

// Step 2: count. Many threads add to the same bin at the same time (the inputs crowd the low bins), so a
// plain bins[v]++ loses increments: it is a read, an add and a write, and another thread's write can fall in
// between. atomicAdd(&bins[v], 1u) makes the three one indivisible step.
//
// The fast version (the lecture's): each block first counts into its own copy of the bins in shared memory
// (zero it, __syncthreads(), count with shared atomics, __syncthreads()), then adds its copy into bins with
// one global atomicAdd per non-zero bin. Use dynamic shared memory sized num_bins * sizeof(unsigned).
__global__ void count(const unsigned* in, unsigned* bins, int n, int num_bins) {
    // TODO 2: for each element i < n this thread owns, count in[i] into its bin. n is usually NOT a multiple
    //         of the block size: threads past the end must not read in[i] (past the end lies garbage, and
    //         garbage used as a bin index is an illegal address).
}

}  // namespace

void histogram(const unsigned* in, unsigned* bins, int n, int num_bins) {
    // TODO 3: launch zero_bins, then count, both on the default stream (so count starts after zero_bins ends),
    //         each with enough blocks: ceil(x / kBlock) is (x + kBlock - 1) / kBlock. If count uses dynamic
    //         shared memory, its size in bytes is the launch's third argument: <<<blocks, kBlock, bytes>>>.
    const int zero_blocks = 1;
    const int count_blocks = 1;
    zero_bins<<<zero_blocks, kBlock>>>(bins, num_bins);
    count<<<count_blocks, kBlock>>>(in, bins, n, num_bins);
}
