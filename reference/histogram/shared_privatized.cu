// Reference rung 2: a private histogram per block in shared memory, merged into bins at the end. The lab's
// speed reference: the performance case grades a submission's time against this kernel's.
//
// Teaches: privatisation. Each block counts its share of the elements into its own copy of the bins in
// shared memory, where an atomic is done by the SM next to the data instead of in the L2, and contention on a
// hot bin is only among the block's own threads. At the end each block adds its copy into bins: one global
// atomic per non-zero bin per block, instead of one per element. Three phases, and a __syncthreads() between
// each two: every bin must be zeroed before any thread counts into it, and every thread must have counted
// before the block reads its copy to merge it (submissions/histogram/shared_missing_syncthreads.cu is what
// goes wrong without them). num_bins is not known at compile time: the copy is dynamic shared memory, sized
// at launch. Loops striding by blockDim.x cover num_bins (up to 4096) with a block of 256 threads.
//
// A grid-stride loop caps the grid at kMaxBlocks, so that each block counts many elements and its merge
// (num_bins atomics at most) is paid for.
//
// Its problem, which warp_aggregated.cu addresses: the hot bins are still hot inside each block: when 4 lanes
// of a warp hold the value 0, their 4 shared atomics on the same word are done one after another.
//
// Run: cudagrade check histogram reference/histogram/shared_privatized.cu
//      cudagrade bench histogram --size 67108864,1024   (on a GPU: the ladder)
// Sizes: in holds n uint32 below num_bins, bins num_bins uint32; n >= 1, 1 <= num_bins <= 4096.

#include "histogram.cuh"

namespace {

constexpr int kBlock = 256;
constexpr int kMaxBlocks = 1024;  // about 8 blocks per SM on an H100: enough to fill it, few merges

__global__ void zero_bins(unsigned* bins, int num_bins) {
    const int b = blockIdx.x * blockDim.x + threadIdx.x;
    if (b < num_bins) bins[b] = 0;
}

__global__ void count_shared(const unsigned* __restrict__ in, unsigned* bins, int n, int num_bins) {
    extern __shared__ unsigned local[];  // num_bins counters, this block's private histogram
    for (int b = threadIdx.x; b < num_bins; b += blockDim.x) local[b] = 0;
    __syncthreads();  // every counter zeroed before anyone counts

    // size_t: i + stride passes 2^31 in the last round when n is close to INT_MAX.
    const size_t stride = static_cast<size_t>(gridDim.x) * blockDim.x;
    for (size_t i = static_cast<size_t>(blockIdx.x) * blockDim.x + threadIdx.x; i < static_cast<size_t>(n); i += stride) {
        atomicAdd(&local[in[i]], 1u);
    }
    __syncthreads();  // every element of this block counted before the merge reads the counters

    for (int b = threadIdx.x; b < num_bins; b += blockDim.x) {
        const unsigned c = local[b];
        if (c != 0) atomicAdd(&bins[b], c);  // blocks merge at the same time: atomics here too
    }
}

}  // namespace

void histogram(const unsigned* in, unsigned* bins, int n, int num_bins) {
    zero_bins<<<(num_bins + kBlock - 1) / kBlock, kBlock>>>(bins, num_bins);
    int blocks = (n - 1) / kBlock + 1;  // ceil(n / kBlock) for n >= 1, without n + kBlock - 1 overflowing
    if (blocks > kMaxBlocks) blocks = kMaxBlocks;
    count_shared<<<blocks, kBlock, num_bins * sizeof(unsigned)>>>(in, bins, n, num_bins);
}
