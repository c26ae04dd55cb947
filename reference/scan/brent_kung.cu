// Reference rung 3: Brent-Kung inside a block, and the same second level for the blocks' totals.
//
// Teaches: a work-efficient scan. Kogge-Stone does log2(T) additions an element; Brent-Kung does about two,
// in two sweeps over a tree laid out in the array itself:
//   up-sweep (a reduction tree): for stride 1, 2, 4, ...: s[k * 2 stride - 1] += s[k * 2 stride - stride - 1]
//     leaves every power-of-two-aligned partial sum in place, the tile's total in its last element;
//   down-sweep: for stride T/4, ..., 2, 1: s[k * 2 stride + stride - 1] += s[k * 2 stride - 1]
//     pushes those partial sums down to the elements between them.
// 512 threads scan a tile of 1024, two elements each (half the threads Kogge-Stone needs), with 2 log2(1024)
// - 1 steps and a barrier before each. The steps write odd multiples of the stride and read even ones, so
// no step reads what another thread of the same step writes. Blocks' totals: as in kogge_stone.cu.
//
// Run: cudagrade --root COURSE check scan reference/scan/brent_kung.cu --backend sim
// Assumes: nothing about n beyond >= 1; scratch holds n floats.

#include "scan.cuh"

#include <cuda_runtime.h>

namespace {

constexpr int kThreads = 512;
constexpr int kTile = 2 * kThreads;

__global__ void brent_kung_tiles(const float* src, float* dst, int count, float* totals) {
    __shared__ float s[kTile];
    const int t = threadIdx.x;
    const int first = blockIdx.x * kTile;
    // Two elements a thread, kThreads apart, so that a warp's loads are consecutive (coalesced).
    s[t] = first + t < count ? src[first + t] : 0.0f;
    s[t + kThreads] = first + t + kThreads < count ? src[first + t + kThreads] : 0.0f;
    for (int stride = 1; stride <= kThreads; stride *= 2) {
        __syncthreads();
        const int index = (t + 1) * 2 * stride - 1;
        if (index < kTile) s[index] += s[index - stride];
    }
    for (int stride = kTile / 4; stride > 0; stride /= 2) {
        __syncthreads();
        const int index = (t + 1) * 2 * stride - 1;
        if (index + stride < kTile) s[index + stride] += s[index];
    }
    __syncthreads();
    if (first + t < count) dst[first + t] = s[t];
    if (first + t + kThreads < count) dst[first + t + kThreads] = s[t + kThreads];
    if (totals != nullptr && t == kThreads - 1) totals[blockIdx.x] = s[kTile - 1];
}

// Tile b + 1 gets totals[b]; two elements a thread.
__global__ void add_totals(float* dst, int count, const float* totals) {
    const int first = (blockIdx.x + 1) * kTile + threadIdx.x;
    const float add = totals[blockIdx.x];
    if (first < count) dst[first] += add;
    if (first + kThreads < count) dst[first + kThreads] += add;
}

void scan_level(const float* src, float* dst, int count, float* scratch) {
    const int blocks = (count + kTile - 1) / kTile;
    if (blocks == 1) {
        brent_kung_tiles<<<1, kThreads>>>(src, dst, count, nullptr);
        return;
    }
    brent_kung_tiles<<<blocks, kThreads>>>(src, dst, count, scratch);
    scan_level(scratch, scratch, blocks, scratch + blocks);
    add_totals<<<blocks - 1, kThreads>>>(dst, count, scratch);
}

}  // namespace

void inclusive_scan(const float* in, float* out, int n, float* scratch) {
    scan_level(in, out, n, scratch);
}
