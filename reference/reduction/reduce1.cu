// reduce1: interleaved addressing with a strided index, no divergence (Harris kernel 2).
//
// Fixes reduce0's divergent branching: instead of picking every 2s-th thread, thread tid works on
// element index = 2*s*tid, so the active threads are the lowest-numbered ones and whole warps are
// either all busy or all idle (only the last few steps, with fewer than 32 active threads, diverge).
// The slow `%` is gone too.
//
// Its problem, which reduce2 fixes: shared-memory bank conflicts. At step s, thread tid touches
// sdata[2*s*tid], so the threads of a warp hit addresses 2s words apart; with 32 banks of 4 bytes,
// s = 16 already puts pairs of lanes on the same bank, and larger s serialises the warp further.

#include "reduction.cuh"

namespace {

constexpr int kBlock = 256;  // threads per block = elements per block in this kernel

// Each block sums kBlock consecutive elements of src and writes the block's sum to dst[blockIdx.x].
__global__ void reduce1_kernel(const int* src, int* dst, unsigned int count) {
    __shared__ int sdata[kBlock];
    unsigned int tid = threadIdx.x;
    unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;
    // Threads past the end load 0, the identity of +, so the tree needs no bounds checks of its own.
    sdata[tid] = (i < count) ? src[i] : 0;
    __syncthreads();

    for (unsigned int s = 1; s < blockDim.x; s *= 2) {
        unsigned int index = 2 * s * tid;
        if (index < blockDim.x) {  // contiguous active threads: no divergence within full warps
            sdata[index] += sdata[index + s];  // but lanes stride 2s words apart: bank conflicts
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
        reduce1_kernel<<<blocks, kBlock>>>(src, dst, count);
        if (blocks == 1) return;
        src = dst;
        next_free = dst + blocks;
        count = blocks;
    }
}
