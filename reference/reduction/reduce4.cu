// reduce4: reduce3 plus the last warp unrolled (Harris kernel 5), written for current GPUs.
//
// Fixes reduce3's tree overhead: once s <= 32 only the first warp is working, and the threads of one
// warp need no __syncthreads among themselves. So the loop stops at s = 64 and warp 0 finishes the
// last six steps in straight-line code, with no loop, no block-wide barrier and no `if (tid < s)`.
//
// Why Harris's original last-warp code is now a race: it relied on "warp-synchronous" execution,
//     if (tid < 32) { sdata[tid] += sdata[tid + 32]; sdata[tid] += sdata[tid + 16]; ... }
// assuming the 32 lanes run each statement in lockstep, so every lane has read sdata[tid + 16]
// before any lane writes sdata[tid]. Since Volta (sm_70), independent thread scheduling lets lanes
// of a warp run apart: lane 0 may read sdata[16] after lane 16 has already overwritten it with its
// own step's sum, giving a wrong total. `volatile` alone does not help: it only stops the compiler
// caching values in registers, it does not order one lane's accesses against another's. The fix is
// to split each step into a read and a write with __syncwarp() between them (and after the write),
// which makes the warp converge and makes its shared-memory writes visible to its other lanes. The
// warp-shuffle version (see reduce_modern.cu) avoids shared memory for this part altogether.

#include "reduction.cuh"

namespace {

constexpr int kBlock = 256;              // threads per block (the unrolled tail needs >= 64)
constexpr int kPerBlock = 2 * kBlock;    // elements each block reduces

// Called by all 32 lanes of warp 0 with sdata[0..64) holding partial sums; leaves the total in
// sdata[0]. volatile keeps every read and write a real shared-memory access, so the values other
// lanes wrote are the ones seen after each __syncwarp().
__device__ void warp_reduce(volatile int* sdata, unsigned int tid) {
    int v = sdata[tid];
    v += sdata[tid + 32]; __syncwarp(); sdata[tid] = v; __syncwarp();
    v += sdata[tid + 16]; __syncwarp(); sdata[tid] = v; __syncwarp();
    v += sdata[tid + 8];  __syncwarp(); sdata[tid] = v; __syncwarp();
    v += sdata[tid + 4];  __syncwarp(); sdata[tid] = v; __syncwarp();
    v += sdata[tid + 2];  __syncwarp(); sdata[tid] = v; __syncwarp();
    v += sdata[tid + 1];  __syncwarp(); sdata[tid] = v;
}

// Each block sums kPerBlock consecutive elements of src and writes the sum to dst[blockIdx.x].
__global__ void reduce4_kernel(const int* src, int* dst, unsigned int count) {
    __shared__ int sdata[kBlock];
    unsigned int tid = threadIdx.x;
    unsigned int i = blockIdx.x * (blockDim.x * 2) + threadIdx.x;
    int sum = (i < count) ? src[i] : 0;
    if (i + blockDim.x < count) sum += src[i + blockDim.x];
    sdata[tid] = sum;
    __syncthreads();

    for (unsigned int s = blockDim.x / 2; s > 32; s >>= 1) {
        if (tid < s) {
            sdata[tid] += sdata[tid + s];
        }
        __syncthreads();
    }
    // Warp 0 also reads sdata[32..64), written by other warps: the last __syncthreads above
    // ordered those writes before this point.
    if (tid < 32) warp_reduce(sdata, tid);
    if (tid == 0) dst[blockIdx.x] = sdata[0];
}

}  // namespace

// Multi-pass: pass 1 reduces `in` to one partial per block; each further pass reduces the previous
// partials. Each pass writes just past the range it reads in scratch, so no launch ever reads and
// writes overlapping memory (writing into the front of the range being read would race with other
// blocks still reading it). Partials shrink 512x per pass, so they always fit in scratch's n ints.
// The pass that has only one block writes straight to out[0]. Launch errors are left for the caller
// to collect with cudaGetLastError.
void reduce_sum(const int* in, int* out, int n, int* scratch) {
    const int* src = in;
    int* next_free = scratch;
    unsigned int count = static_cast<unsigned int>(n);
    for (;;) {
        unsigned int blocks = (count + kPerBlock - 1) / kPerBlock;
        int* dst = (blocks == 1) ? out : next_free;
        reduce4_kernel<<<blocks, kBlock>>>(src, dst, count);
        if (blocks == 1) return;
        src = dst;
        next_free = dst + blocks;
        count = blocks;
    }
}
