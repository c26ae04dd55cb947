// reduce2: sequential addressing (Harris kernel 3).
//
// Fixes reduce1's bank conflicts: the stride starts at half the block and halves each step, and
// thread tid adds sdata[tid + s] into sdata[tid]. Consecutive lanes now touch consecutive words,
// i.e. 32 different banks, so shared memory serves each warp in one access, and the active threads
// stay contiguous (no divergence until fewer than 32 remain).
//
// Its problem, which reduce3 fixes: half the threads are idle from the very first step; they only
// ever load one element each. The block does twice the launch/loading work it needs to.

#include "reduction.cuh"

namespace {

constexpr int kBlock = 256;  // threads per block = elements per block in this kernel

// Each block sums kBlock consecutive elements of src and writes the block's sum to dst[blockIdx.x].
__global__ void reduce2_kernel(const int* src, int* dst, unsigned int count) {
    __shared__ int sdata[kBlock];
    unsigned int tid = threadIdx.x;
    unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;
    // Threads past the end load 0, the identity of +, so the tree needs no bounds checks of its own.
    sdata[tid] = (i < count) ? src[i] : 0;
    __syncthreads();

    // Needs blockDim.x to be a power of two so every halving is exact.
    for (unsigned int s = blockDim.x / 2; s > 0; s >>= 1) {
        if (tid < s) {
            sdata[tid] += sdata[tid + s];  // lane k reads word tid+s: consecutive, conflict-free
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
        reduce2_kernel<<<blocks, kBlock>>>(src, dst, count);
        if (blocks == 1) return;
        src = dst;
        next_free = dst + blocks;
        count = blocks;
    }
}
