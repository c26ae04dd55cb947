// reduce0: interleaved addressing with divergent branching (Harris, "Optimizing Parallel Reduction in
// CUDA", kernel 1). This is the baseline of the ladder: the simplest correct tree reduction in shared
// memory, one partial sum per block, repeated over passes until one value is left.
//
// What it teaches: the tree itself (log2(blockDim) steps, a __syncthreads between steps so every
// thread sees the sums of the previous step) and the multi-pass plan in the launcher, since blocks
// cannot wait for each other inside one launch.
//
// Its problem, which reduce1 fixes: `tid % (2*s) == 0` keeps only every 2s-th thread busy, so every
// warp diverges at every step (the idle lanes of a warp still occupy it), and `%` is slow.

#include "reduction.cuh"

namespace {

constexpr int kBlock = 256;  // threads per block = elements per block in this kernel

// Each block sums kBlock consecutive elements of src and writes the block's sum to dst[blockIdx.x].
__global__ void reduce0_kernel(const int* src, int* dst, unsigned int count) {
    __shared__ int sdata[kBlock];
    unsigned int tid = threadIdx.x;
    unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;
    // Threads past the end load 0, the identity of +, so the tree needs no bounds checks of its own.
    sdata[tid] = (i < count) ? src[i] : 0;
    __syncthreads();

    for (unsigned int s = 1; s < blockDim.x; s *= 2) {
        if (tid % (2 * s) == 0) {  // divergent: the active threads are scattered across all warps
            sdata[tid] += sdata[tid + s];
        }
        __syncthreads();
    }
    if (tid == 0) dst[blockIdx.x] = sdata[0];
}

}  // namespace

// Multi-pass: pass 1 reduces `in` to one partial per block; each further pass reduces the previous
// partials. Each pass writes just past the range it reads in scratch, so no launch ever reads and
// writes overlapping memory (writing into the front of the range being read would race with other
// blocks still reading it). Partials shrink 256x per pass, so they always fit in scratch's n ints.
// The pass that has only one block writes straight to out[0]. Launch errors are left for the caller
// to collect with cudaGetLastError.
void reduce_sum(const int* in, int* out, int n, int* scratch) {
    const int* src = in;
    int* next_free = scratch;
    unsigned int count = static_cast<unsigned int>(n);
    for (;;) {
        unsigned int blocks = (count + kBlock - 1) / kBlock;
        int* dst = (blocks == 1) ? out : next_free;
        reduce0_kernel<<<blocks, kBlock>>>(src, dst, count);
        if (blocks == 1) return;
        src = dst;
        next_free = dst + blocks;
        count = blocks;
    }
}
