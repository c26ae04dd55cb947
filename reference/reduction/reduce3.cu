// reduce3: first add during the global load (Harris kernel 4).
//
// Fixes reduce2's idle threads: in reduce2 half the threads drop out at the first step of the tree,
// having done nothing but load one element. Here each block covers 2*blockDim elements and every
// thread adds two of them while loading, so the first step of the tree happens in registers, half
// as many blocks are launched, and each pass shrinks the data 512x instead of 256x.
//
// Its problem, which reduce4 fixes: the memory traffic is now modest, so the tree's overhead shows:
// every step costs a __syncthreads and loop/branch instructions, even the last steps where only one
// warp (or less) is still working.

#include "reduction.cuh"

namespace {

constexpr int kBlock = 256;              // threads per block
constexpr int kPerBlock = 2 * kBlock;    // elements each block reduces

// Each block sums kPerBlock consecutive elements of src and writes the sum to dst[blockIdx.x].
__global__ void reduce3_kernel(const int* src, int* dst, unsigned int count) {
    __shared__ int sdata[kBlock];
    unsigned int tid = threadIdx.x;
    unsigned int i = blockIdx.x * (blockDim.x * 2) + threadIdx.x;
    // Both loads are coalesced (the second is one block-width further on); each is bounds-checked
    // on its own, since the end of the data can fall in either half of the block's range.
    int sum = (i < count) ? src[i] : 0;
    if (i + blockDim.x < count) sum += src[i + blockDim.x];
    sdata[tid] = sum;
    __syncthreads();

    for (unsigned int s = blockDim.x / 2; s > 0; s >>= 1) {
        if (tid < s) {
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
        reduce3_kernel<<<blocks, kBlock>>>(src, dst, count);
        if (blocks == 1) return;
        src = dst;
        next_free = dst + blocks;
        count = blocks;
    }
}
