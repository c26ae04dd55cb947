// Reference rung 1: global atomics, one thread per element.
//
// Teaches: why a histogram needs atomics, and the zeroing it needs first. Thread i reads in[i] and adds 1 to
// bins[in[i]] with atomicAdd: the read, the add and the write of the counter happen as one step, so two
// threads that hit the same bin at the same time both count (a plain bins[v]++ loses one of them:
// submissions/histogram/non_atomic_increment.cu). bins holds garbage on entry, so a first kernel zeroes every
// bin; both kernels are on the default stream, so the count starts after the zeroing has finished.
//
// Its problem, which shared_privatized.cu fixes: every element is an atomic on global memory, and the inputs
// are skewed (about 13% of them are 0), so thousands of threads queue on the same few addresses in the L2:
// the atomics to one address are done one after another, and the hot bins set the pace.
//
// Run: cudagrade check histogram reference/histogram/global_atomics.cu
//      cudagrade bench histogram --size 67108864,1024   (on a GPU: the ladder)
// Sizes: in holds n uint32 below num_bins, bins num_bins uint32; n >= 1, 1 <= num_bins <= 4096.

#include "histogram.cuh"

namespace {

constexpr int kBlock = 256;

__global__ void zero_bins(unsigned* bins, int num_bins) {
    const int b = blockIdx.x * blockDim.x + threadIdx.x;
    if (b < num_bins) bins[b] = 0;
}

__global__ void count_global(const unsigned* __restrict__ in, unsigned* bins, int n) {
    // size_t: the last blocks' indices pass 2^31 when n is close to INT_MAX.
    const size_t i = static_cast<size_t>(blockIdx.x) * blockDim.x + threadIdx.x;
    // The rounded-up grid has threads past the end: past in[n - 1] lie guard words, not bin indices.
    if (i < static_cast<size_t>(n)) atomicAdd(&bins[in[i]], 1u);
}

}  // namespace

void histogram(const unsigned* in, unsigned* bins, int n, int num_bins) {
    zero_bins<<<(num_bins + kBlock - 1) / kBlock, kBlock>>>(bins, num_bins);
    count_global<<<static_cast<unsigned>((static_cast<size_t>(n) + kBlock - 1) / kBlock), kBlock>>>(in, bins, n);
}
