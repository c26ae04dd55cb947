// Reference rung 3: the private shared-memory histogram of shared_privatized.cu, with warp-aggregated updates.
//
// Teaches: cutting contention inside a warp. The inputs are skewed, so the 32 lanes of a warp often hold the
// same value (about 4 of them hold 0). __match_any_sync(mask, v) gives each lane the set of lanes holding
// the same v; the lowest of them (the leader) adds the group's size, __popc(peers), in one shared atomic,
// and the others add nothing. A warp then does one atomic per distinct value, not one per lane. The loop
// runs over whole block-widths, so that every lane of a warp reaches __match_any_sync together (a warp
// function with a full mask needs every lane of the mask); lanes past the end take part with a value no
// element has and count nothing.
//
// Whether it pays depends on the data: with few repeats in a warp, __match_any_sync costs more than the
// conflicts it saves. `cudagrade bench histogram --size 67108864,1024` on a GPU says which wins here.
//
// Run: cudagrade check histogram reference/histogram/warp_aggregated.cu
// Sizes: in holds n uint32 below num_bins, bins num_bins uint32; n >= 1, 1 <= num_bins <= 4096.

#include "histogram.cuh"

namespace {

constexpr int kBlock = 256;
constexpr int kMaxBlocks = 1024;
constexpr unsigned kFullMask = 0xffffffffu;
constexpr unsigned kNoValue = 0xffffffffu;  // above any bin: the value of lanes past the end

__global__ void zero_bins(unsigned* bins, int num_bins) {
    const int b = blockIdx.x * blockDim.x + threadIdx.x;
    if (b < num_bins) bins[b] = 0;
}

__global__ void count_aggregated(const unsigned* __restrict__ in, unsigned* bins, int n, int num_bins) {
    extern __shared__ unsigned local[];
    for (int b = threadIdx.x; b < num_bins; b += blockDim.x) local[b] = 0;
    __syncthreads();

    const int lane = threadIdx.x % 32;
    const size_t count = static_cast<size_t>(n), stride = static_cast<size_t>(gridDim.x) * blockDim.x;
    // base is the same for every thread of the block, so the loop's trip count is too: whole warps iterate.
    for (size_t base = static_cast<size_t>(blockIdx.x) * blockDim.x; base < count; base += stride) {
        const size_t i = base + threadIdx.x;
        const unsigned v = i < count ? in[i] : kNoValue;
        const unsigned peers = __match_any_sync(kFullMask, v);  // the lanes holding the same value
        const int leader = __ffs(peers) - 1;
        if (v != kNoValue && lane == leader) atomicAdd(&local[v], static_cast<unsigned>(__popc(peers)));
    }
    __syncthreads();

    for (int b = threadIdx.x; b < num_bins; b += blockDim.x) {
        const unsigned c = local[b];
        if (c != 0) atomicAdd(&bins[b], c);
    }
}

}  // namespace

void histogram(const unsigned* in, unsigned* bins, int n, int num_bins) {
    zero_bins<<<(num_bins + kBlock - 1) / kBlock, kBlock>>>(bins, num_bins);
    int blocks = (n - 1) / kBlock + 1;  // ceil(n / kBlock) for n >= 1, without n + kBlock - 1 overflowing
    if (blocks > kMaxBlocks) blocks = kMaxBlocks;
    count_aggregated<<<blocks, kBlock, num_bins * sizeof(unsigned)>>>(in, bins, n, num_bins);
}
