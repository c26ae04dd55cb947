// cudagrade-expect: wrong_answer
// The lab's speed of light: every element of in read once, coalesced, and nothing counted. NOT a histogram.
//
// Teaches: what bounds a histogram that has beaten its contention. A histogram must read its n elements (4n
// bytes) and write num_bins counts; with privatisation and warp aggregation the atomics overlap the loads, and
// the best a kernel can do is the time to read the input. This kernel reads it as uint4s (16 bytes a lane)
// and folds the values into one word per warp, which the first num_bins threads store into bins (a speed of
// light must write its whole output, and the stores keep the loads from being optimised away). Its counts are
// wrong, so `lab check` does not grade it; `bench` shows it as the 100% row.
//
// Run: cudagrade bench histogram --size 67108864,1024   (on a GPU: the ladder against it)
// Sizes: in holds n uint32, bins num_bins uint32; n >= 1, 1 <= num_bins <= 4096.

#include "histogram.cuh"

namespace {

constexpr int kBlock = 256;
constexpr int kMaxBlocks = 132 * 8;

__global__ void read_once(const unsigned* __restrict__ in, unsigned* bins, int n, int num_bins) {
    const int stride = gridDim.x * blockDim.x;
    const int first = blockIdx.x * blockDim.x + threadIdx.x;
    unsigned folded = 0;
    const int quads = n / 4;
    const uint4* in4 = reinterpret_cast<const uint4*>(in);  // cudaMalloc'd: 256-byte aligned
    for (int q = first; q < quads; q += stride) {
        const uint4 v = in4[q];
        folded ^= v.x ^ v.y ^ v.z ^ v.w;
    }
    for (int i = 4 * quads + first; i < n; i += stride) folded ^= in[i];
    for (int offset = 16; offset > 0; offset /= 2) folded ^= __shfl_xor_sync(0xffffffffu, folded, offset);
    if (first < num_bins) bins[first] = folded;  // each bin by one thread: no atomics, no race
}

}  // namespace

void histogram(const unsigned* in, unsigned* bins, int n, int num_bins) {
    int blocks = (n / 4 + kBlock - 1) / kBlock;
    if (blocks > kMaxBlocks) blocks = kMaxBlocks;
    const int bin_blocks = (num_bins + kBlock - 1) / kBlock;  // enough threads for every bin
    if (blocks < bin_blocks) blocks = bin_blocks;
    read_once<<<blocks, kBlock>>>(in, bins, n, num_bins);
}
