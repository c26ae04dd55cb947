// Reference rung 4: reduce, then scan, with warp shuffles and several elements a thread.
//
// Teaches: three things the shared-memory trees of rungs 2 and 3 leave on the table.
//   * Registers and shuffles instead of shared-memory steps: __shfl_up_sync(mask, v, d) hands each lane the
//     value of the lane d below it, so a warp scans 32 values in 5 steps with no shared memory, no bank
//     conflicts and no __syncthreads. Shared memory carries one value a warp.
//   * Thread coarsening: each of 256 threads scans 8 consecutive elements serially in registers (7 adds,
//     no communication), and only the 256 thread totals go through the parallel scan. A tile is 2048.
//   * Reduce-then-scan across tiles: pass 1 only SUMS each tile (reads n floats, writes one a tile), pass 2
//     scans those sums (the same function, recursively), pass 3 scans each tile again starting from the
//     sum of the tiles before it and writes out. That is 2 reads and 1 write an element, where scan-then-add
//     (rungs 2 and 3) makes 2 reads and 2 writes.
// Loads and stores go through shared memory so that a warp's global accesses are consecutive (coalesced),
// while each thread's 8 elements are consecutive in the tile. The shared row is padded by one float every
// 32 so that lane l's 8-element run starts in a different bank from lane l + 4's.
//
// Run: cudagrade --root COURSE check scan reference/scan/warp_shuffle.cu --backend sim
// Assumes: nothing about n beyond >= 1; scratch holds n floats.

#include "scan.cuh"

#include <cuda_runtime.h>

namespace {

constexpr int kThreads = 256;
constexpr int kItems = 8;
constexpr int kTile = kThreads * kItems;  // 2048
constexpr int kWarps = kThreads / 32;
constexpr unsigned kFull = 0xffffffffu;

// __host__ __device__ constexpr: it sizes the shared arrays too.
__host__ __device__ constexpr int padded(int index) { return index + index / 32; }

// Inclusive scan of one value a lane.
__device__ __forceinline__ float warp_inclusive_scan(float v) {
    const int lane = threadIdx.x % 32;
    for (int d = 1; d < 32; d *= 2) {
        const float left = __shfl_up_sync(kFull, v, d);
        if (lane >= d) v += left;
    }
    return v;
}

__device__ __forceinline__ float warp_sum(float v) {
    for (int d = 16; d > 0; d /= 2) v += __shfl_down_sync(kFull, v, d);
    return v;
}

// Loads tile `tile` of src (zeros past count) and returns this thread's 8 consecutive elements.
__device__ void load_run(const float* src, int count, int tile, float* shared, float (&run)[kItems]) {
    const int first = tile * kTile;
    for (int k = 0; k < kItems; ++k) {
        const int j = k * kThreads + threadIdx.x;  // coalesced: consecutive threads, consecutive elements
        shared[padded(j)] = first + j < count ? src[first + j] : 0.0f;
    }
    __syncthreads();
    for (int k = 0; k < kItems; ++k) run[k] = shared[padded(threadIdx.x * kItems + k)];
}

// Pass 1: totals[b] = sum of tile b.
__global__ void tile_sums(const float* src, int count, float* totals) {
    __shared__ float shared[padded(kTile)];
    __shared__ float warp_totals[kWarps];
    float run[kItems];
    load_run(src, count, blockIdx.x, shared, run);
    float sum = 0.0f;
    for (int k = 0; k < kItems; ++k) sum += run[k];
    sum = warp_sum(sum);
    if (threadIdx.x % 32 == 0) warp_totals[threadIdx.x / 32] = sum;
    __syncthreads();
    if (threadIdx.x < 32) {
        float v = threadIdx.x < kWarps ? warp_totals[threadIdx.x] : 0.0f;
        v = warp_sum(v);
        if (threadIdx.x == 0) totals[blockIdx.x] = v;
    }
}

// Pass 3 (or the only pass): scans tile b of src into dst, starting from carries[b - 1] (0 for tile 0 or
// without carries). src and dst may be the same array.
__global__ void scan_tiles(const float* src, float* dst, int count, const float* carries) {
    __shared__ float shared[padded(kTile)];
    __shared__ float warp_totals[kWarps];
    float run[kItems];
    load_run(src, count, blockIdx.x, shared, run);
    // 1. Each thread's run, scanned serially in registers.
    for (int k = 1; k < kItems; ++k) run[k] += run[k - 1];
    // 2. The thread totals, scanned across the warp; then the warp totals, scanned by warp 0.
    const int lane = threadIdx.x % 32, warp = threadIdx.x / 32;
    const float inclusive = warp_inclusive_scan(run[kItems - 1]);
    if (lane == 31) warp_totals[warp] = inclusive;
    __syncthreads();
    if (warp == 0) {
        const float v = lane < kWarps ? warp_totals[lane] : 0.0f;
        const float scanned = warp_inclusive_scan(v);
        if (lane < kWarps) warp_totals[lane] = scanned;
    }
    __syncthreads();
    // 3. What comes before this thread's run: earlier tiles, earlier warps, earlier lanes of its warp.
    // The lane below's inclusive value, not inclusive - own total: a subtraction would add a rounding.
    float before = __shfl_up_sync(kFull, inclusive, 1);
    if (lane == 0) before = 0.0f;
    if (warp > 0) before += warp_totals[warp - 1];
    if (carries != nullptr && blockIdx.x > 0) before += carries[blockIdx.x - 1];
    for (int k = 0; k < kItems; ++k) shared[padded(threadIdx.x * kItems + k)] = run[k] + before;
    __syncthreads();
    const int first = blockIdx.x * kTile;
    for (int k = 0; k < kItems; ++k) {
        const int j = k * kThreads + threadIdx.x;
        if (first + j < count) dst[first + j] = shared[padded(j)];
    }
}

void scan_level(const float* src, float* dst, int count, float* scratch) {
    const int blocks = (count + kTile - 1) / kTile;
    if (blocks == 1) {
        scan_tiles<<<1, kThreads>>>(src, dst, count, nullptr);
        return;
    }
    tile_sums<<<blocks, kThreads>>>(src, count, scratch);
    scan_level(scratch, scratch, blocks, scratch + blocks);  // scratch[b] = sum of tiles 0..b
    scan_tiles<<<blocks, kThreads>>>(src, dst, count, scratch);
}

}  // namespace

void inclusive_scan(const float* in, float* out, int n, float* scratch) {
    scan_level(in, out, n, scratch);
}
