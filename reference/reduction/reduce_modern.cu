// reduce_modern: how a bandwidth-bound reduction is written today (the end of the ladder).
//
// What reduce4 still gets wrong on a modern GPU: it launches one block per 512 elements, so at
// n = 2^28 it runs half a million short blocks over two or three passes, each thread issues two 4-byte
// loads and then spends most of its time in the shared-memory tree. A reduction moves every input
// byte once and does almost no arithmetic, so the goal is simply to keep enough loads in flight to
// saturate DRAM bandwidth, and to make everything else negligible:
//
//   * Grid-stride loop over a grid of a few blocks per SM ("persistent" blocks): each thread sums
//     many elements in a register, so the per-block cost (tree, partial write, launch) is paid a few
//     hundred times instead of hundreds of thousands of times, and pass 2 has only ~1000 inputs.
//   * 16-byte int4 loads, four of them independent per loop iteration: fewer load instructions per
//     byte and more bytes in flight per thread, which is what hides DRAM latency. `in` is 256-byte
//     aligned, so in[0..4*(n/4)) can be read as int4; the last n%4 elements are a scalar tail.
//   * Warp shuffles instead of a shared-memory tree: __shfl_down_sync moves values between the
//     registers of a warp with no shared memory, no bank conflicts and no __syncthreads; shared
//     memory carries only one value per warp, and there is a single __syncthreads per block.
//   * Exactly two passes (one for small n): pass 1 writes one partial per block to scratch, pass 2
//     is one block over those partials and writes out[0].

#include "reduction.cuh"

namespace {

constexpr int kBlock = 256;           // threads per block
constexpr int kWarps = kBlock / 32;
constexpr int kBlocksPerSm = 4;       // 1024 resident threads per SM, each with 4 x 16 B in flight
constexpr int kFallbackSms = 132;     // used only if the SM count cannot be queried
// Give each thread at least one full unrolled iteration (4 int4 = 16 ints) before adding blocks, so
// small inputs (n <= 4096) finish in a single launch.
constexpr unsigned int kMinPerBlock = kBlock * 16;

__device__ __forceinline__ int warp_sum(int v) {
    // After the loop lane 0 holds the sum of all 32 lanes; the other lanes hold partial sums.
    for (int offset = 16; offset > 0; offset >>= 1) v += __shfl_down_sync(0xffffffffu, v, offset);
    return v;
}

__device__ __forceinline__ int sum4(int4 v) { return (v.x + v.y) + (v.z + v.w); }

// Sums src[0..count) over the whole grid and writes one partial per block to dst[blockIdx.x].
// src must be 16-byte aligned. With gridDim.x == 1, dst[0] receives the full sum.
__global__ void reduce_modern_kernel(const int* __restrict__ src, int* __restrict__ dst,
                                     unsigned int count) {
    const int4* src4 = reinterpret_cast<const int4*>(src);
    const unsigned int n4 = count / 4;
    const unsigned int stride = gridDim.x * blockDim.x;
    const unsigned int gtid = blockIdx.x * blockDim.x + threadIdx.x;

    // Consecutive threads read consecutive int4s, so each warp load is 512 contiguous bytes. The
    // four loads of an iteration do not depend on each other, so all four are in flight at once.
    int sum = 0;
    unsigned int i = gtid;
    for (; i + 3 * stride < n4; i += 4 * stride) {
        int4 a = src4[i];
        int4 b = src4[i + stride];
        int4 c = src4[i + 2 * stride];
        int4 d = src4[i + 3 * stride];
        sum += (sum4(a) + sum4(b)) + (sum4(c) + sum4(d));
    }
    for (; i < n4; i += stride) sum += sum4(src4[i]);
    // The 0..3 elements after the last whole int4, one per thread of the first threads.
    const unsigned int t = n4 * 4 + gtid;
    if (t < count) sum += src[t];

    // Block reduction: shuffles within each warp, one value per warp through shared memory, then
    // warp 0 reduces those kWarps values with shuffles again.
    __shared__ int warp_sums[kWarps];
    const unsigned int lane = threadIdx.x % 32;
    const unsigned int warp = threadIdx.x / 32;
    sum = warp_sum(sum);
    if (lane == 0) warp_sums[warp] = sum;
    __syncthreads();
    if (warp == 0) {
        sum = (lane < kWarps) ? warp_sums[lane] : 0;
        sum = warp_sum(sum);
        if (lane == 0) dst[blockIdx.x] = sum;
    }
}

// Number of SMs of the current device, queried once: the attribute query is a host round trip we
// do not want on every call. If it fails, its error stays in the runtime's last-error slot for the
// caller's cudaGetLastError; we fall back to a fixed count (the grid size affects speed only, never
// the result) and try again next call.
int sm_count() {
    static int cached = 0;
    if (cached > 0) return cached;
    int device = 0;
    int sms = 0;
    if (cudaGetDevice(&device) != cudaSuccess) return kFallbackSms;
    if (cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device) != cudaSuccess || sms <= 0)
        return kFallbackSms;
    cached = sms;
    return cached;
}

}  // namespace

// Pass 1: a grid of at most kBlocksPerSm blocks per SM (fewer for small n) writes one partial per
// block to scratch[0..blocks); blocks <= ceil(n / 4096) <= n, so it always fits. Pass 2: one block
// reduces those partials into out[0] (scratch is 256-byte aligned, so the int4 path applies there
// too). If pass 1 needs only one block it writes out[0] itself. Launch errors are left for the
// caller's cudaGetLastError.
void reduce_sum(const int* in, int* out, int n, int* scratch) {
    const unsigned int count = static_cast<unsigned int>(n);
    const unsigned int max_blocks = static_cast<unsigned int>(sm_count()) * kBlocksPerSm;
    unsigned int blocks = (count + kMinPerBlock - 1) / kMinPerBlock;
    if (blocks > max_blocks) blocks = max_blocks;

    if (blocks == 1) {
        reduce_modern_kernel<<<1, kBlock>>>(in, out, count);
        return;
    }
    reduce_modern_kernel<<<blocks, kBlock>>>(in, scratch, count);
    reduce_modern_kernel<<<1, kBlock>>>(scratch, out, blocks);
}
