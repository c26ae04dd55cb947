// Reference rung 5: a single pass, with decoupled look-back (Merrill and Garland, 2016).
//
// Teaches: how one kernel can scan any n, reading every element once and writing it once (the bytes of a
// copy), although blocks cannot wait for each other in general. Each block scans its 2048-element tile as
// in warp_shuffle.cu, then learns the sum of everything before its tile from its predecessors' published
// status, and adds it before the store:
//   * Tiles are handed out in the order blocks START (an atomic ticket), not by blockIdx: a block then only
//     ever waits for blocks that are already running, so it cannot wait on one that never gets a slot.
//   * Each tile publishes, in one 64-bit word (flag and value together, so one atomic writes both), first
//     its own total (AGGREGATE) as soon as it has scanned, later its inclusive prefix (PREFIX) once known.
//   * Thread 0 walks back from the previous tile: a PREFIX ends the walk; an AGGREGATE is added and the walk
//     goes on to the tile before; no status yet means that tile is still scanning: spin on it.
// Every status access is an atomic, so there is nothing to fence. The carry chains one add a tile:
// the lab's tolerance allows for it (labs/scan/lab.yaml).
//
// Scratch: status words, one per tile, and the ticket, zeroed by cudaMemsetAsync on the default stream before
// the launch (ordered before it as any two operations of one stream). 2 * (tiles + 1) floats' worth of
// 64-bit words, at most n for n > 2048; a single tile needs none.
//
// Run: cudagrade --root COURSE check scan reference/scan/decoupled_lookback.cu --backend sim
// Assumes: nothing about n beyond >= 1; scratch holds n floats and is 8-byte aligned (cudaMalloc's 256).

#include "scan.cuh"

#include <cuda_runtime.h>

namespace {

constexpr int kThreads = 256;
constexpr int kItems = 8;
constexpr int kTile = kThreads * kItems;  // 2048
constexpr int kWarps = kThreads / 32;
constexpr unsigned kFull = 0xffffffffu;

constexpr unsigned long long kAggregate = 1ull << 32;
constexpr unsigned long long kPrefix = 2ull << 32;

__host__ __device__ constexpr int padded(int index) { return index + index / 32; }

// __float_as_int rather than __float_as_uint: the CPU simulator (cusim) declares only the int pair; the bits
// are the same.
__device__ __forceinline__ unsigned long long status_word(unsigned long long flag, float value) {
    return flag | static_cast<unsigned>(__float_as_int(value));
}
__device__ __forceinline__ float status_value(unsigned long long word) {
    return __int_as_float(static_cast<int>(static_cast<unsigned>(word & 0xffffffffull)));
}

__device__ __forceinline__ float warp_inclusive_scan(float v) {
    const int lane = threadIdx.x % 32;
    for (int d = 1; d < 32; d *= 2) {
        const float left = __shfl_up_sync(kFull, v, d);
        if (lane >= d) v += left;
    }
    return v;
}

// status[0]: the ticket counter (its low 32 bits); status[1 + t]: tile t's flag and value. nullptr: one tile.
__global__ void scan_lookback(const float* __restrict__ in, float* __restrict__ out, int n,
                              unsigned long long* status) {
    __shared__ float shared[padded(kTile)];
    __shared__ float warp_totals[kWarps];
    __shared__ int tile_shared;
    __shared__ float carry_shared;
    if (threadIdx.x == 0) {
        tile_shared = status != nullptr ? static_cast<int>(atomicAdd(reinterpret_cast<unsigned*>(status), 1u)) : 0;
    }
    __syncthreads();
    const int tile = tile_shared;
    const int first = tile * kTile;

    // The tile, loaded coalesced through shared memory; each thread then takes 8 consecutive elements.
    for (int k = 0; k < kItems; ++k) {
        const int j = k * kThreads + threadIdx.x;
        shared[padded(j)] = first + j < n ? in[first + j] : 0.0f;
    }
    __syncthreads();
    float run[kItems];
    for (int k = 0; k < kItems; ++k) run[k] = shared[padded(threadIdx.x * kItems + k)];
    for (int k = 1; k < kItems; ++k) run[k] += run[k - 1];

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

    // The look-back, by one thread: publish the aggregate, sum the predecessors, publish the prefix.
    if (threadIdx.x == 0) {
        const float aggregate = warp_totals[kWarps - 1];
        float carry = 0.0f;
        if (status != nullptr) {
            if (tile > 0) {
                atomicExch(&status[1 + tile], status_word(kAggregate, aggregate));
                for (int j = tile - 1;; --j) {
                    unsigned long long word;
                    do {
                        word = atomicAdd(&status[1 + j], 0ull);  // an atomic read: never a stale copy
                    } while ((word >> 32) == 0);
                    carry = status_value(word) + carry;
                    if ((word & kPrefix) != 0) break;
                }
            }
            atomicExch(&status[1 + tile], status_word(kPrefix, carry + aggregate));
        }
        carry_shared = carry;
    }
    __syncthreads();

    float before = __shfl_up_sync(kFull, inclusive, 1);
    if (lane == 0) before = 0.0f;
    if (warp > 0) before += warp_totals[warp - 1];
    before += carry_shared;
    for (int k = 0; k < kItems; ++k) shared[padded(threadIdx.x * kItems + k)] = run[k] + before;
    __syncthreads();
    for (int k = 0; k < kItems; ++k) {
        const int j = k * kThreads + threadIdx.x;
        if (first + j < n) out[first + j] = shared[padded(j)];
    }
}

}  // namespace

void inclusive_scan(const float* in, float* out, int n, float* scratch) {
    const int tiles = (n + kTile - 1) / kTile;
    if (tiles == 1) {
        scan_lookback<<<1, kThreads>>>(in, out, n, nullptr);
        return;
    }
    unsigned long long* status = reinterpret_cast<unsigned long long*>(scratch);
    cudaMemsetAsync(status, 0, sizeof(unsigned long long) * (tiles + 1), 0);
    scan_lookback<<<tiles, kThreads>>>(in, out, n, status);
}
