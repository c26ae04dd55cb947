// Reference rung 2: Kogge-Stone inside a block, and a second level for the blocks' totals.
//
// Teaches: the hierarchical scan. One block of 1024 threads scans a tile of 1024 elements in shared memory
// with Hillis-Steele/Kogge-Stone steps (log2(1024) = 10 of them), which the naive rung did in global memory.
// Blocks cannot see each other's results within a launch, so a scan of any n takes three passes:
//   1. every block scans its tile and writes the tile's total to scratch[b];
//   2. the totals (ceil(n / 1024) of them) are scanned in place, by the same function: past 2^20 elements
//      the totals themselves need more than one tile, and this is the recursion's second level;
//   3. every element of tile b >= 1 adds scratch[b - 1], the sum of every tile before it.
//
// The double buffer: in step `offset`, thread t reads element t - offset while the thread owning that
// element writes its new value. With one array, t might read the new value (counting a term twice). So the
// step reads from one buffer and writes the other, and the buffers swap; one barrier a step then suffices.
// (submissions/scan/kogge_stone_in_place.cu is the race without it.)
//
// Cost: n log2(1024) additions, twice Brent-Kung's n; global traffic about 4n floats (pass 1 reads and
// writes, pass 3 reads and writes again).
//
// Run: cudagrade --root COURSE check scan reference/scan/kogge_stone.cu --backend sim
// Assumes: nothing about n beyond >= 1; scratch holds n floats (the totals of every level take fewer).

#include "scan.cuh"

#include <cuda_runtime.h>

namespace {

constexpr int kTile = 1024;  // threads a block = elements a tile

// Scans src[b * kTile .. + kTile) (zeros past count) into dst; with totals, the tile's sum goes to totals[b].
// src and dst may be the same array: each block reads its whole tile before it writes.
__global__ void kogge_stone_tiles(const float* src, float* dst, int count, float* totals) {
    __shared__ float buffer[2][kTile];
    const int t = threadIdx.x;
    const int i = blockIdx.x * kTile + t;
    int from = 0;
    buffer[from][t] = i < count ? src[i] : 0.0f;
    __syncthreads();
    for (int offset = 1; offset < kTile; offset *= 2) {
        float value = buffer[from][t];
        if (t >= offset) value += buffer[from][t - offset];
        buffer[1 - from][t] = value;  // the other buffer: no one reads it in this step
        from = 1 - from;
        __syncthreads();
    }
    if (i < count) dst[i] = buffer[from][t];
    if (totals != nullptr && t == kTile - 1) totals[blockIdx.x] = buffer[from][t];
}

// Tile b + 1 gets totals[b], the scanned sum of tiles 0..b.
__global__ void add_totals(float* dst, int count, const float* totals) {
    const int i = (blockIdx.x + 1) * kTile + threadIdx.x;
    if (i < count) dst[i] += totals[blockIdx.x];
}

void scan_level(const float* src, float* dst, int count, float* scratch) {
    const int blocks = (count + kTile - 1) / kTile;
    if (blocks == 1) {
        kogge_stone_tiles<<<1, kTile>>>(src, dst, count, nullptr);
        return;
    }
    kogge_stone_tiles<<<blocks, kTile>>>(src, dst, count, scratch);
    scan_level(scratch, scratch, blocks, scratch + blocks);  // the totals, scanned in place
    add_totals<<<blocks - 1, kTile>>>(dst, count, scratch);
}

}  // namespace

void inclusive_scan(const float* in, float* out, int n, float* scratch) {
    scan_level(in, out, n, scratch);
}
