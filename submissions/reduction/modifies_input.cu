// cudagrade-expect: wrong_answer
// Reduces in place inside `in`: the first pass casts away const and runs the tree directly on the
// input array (each block only touches its own slice, so the sum is even right). But the contract
// says `in` must not be modified: the caller may still need it. The grader compares `in` with its
// saved copy afterwards and reports wrong_answer with "input was modified" although out[0] is right.
// Fix: do the tree in shared memory (or in scratch), never in `in`.
#include "reduction.cuh"

#define BLOCK 256

// Tree reduction in global memory over this block's slice of data[0..count); the block's sum ends
// up in the slice's first element and is copied to dst[blockIdx.x].
__global__ void reduce_kernel(int* data, int* dst, int count) {
    int tid = threadIdx.x;
    int i = blockIdx.x * BLOCK + tid;
    for (int stride = BLOCK / 2; stride > 0; stride /= 2) {
        if (tid < stride && i + stride < count) data[i] += data[i + stride];
        __syncthreads();
    }
    if (tid == 0) dst[blockIdx.x] = data[i];
}

void reduce_sum(const int* in, int* out, int n, int* scratch) {
    int* src = const_cast<int*>(in);  // BUG: writes into the caller's input
    int* dst = scratch;
    int count = n;
    while (true) {
        int blocks = (count + BLOCK - 1) / BLOCK;
        if (blocks == 1) {
            reduce_kernel<<<1, BLOCK>>>(src, out, count);
            return;
        }
        reduce_kernel<<<blocks, BLOCK>>>(src, dst, count);
        src = dst;
        dst = dst + blocks;
        count = blocks;
    }
}
