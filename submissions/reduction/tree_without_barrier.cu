// cudagrade-expect: race
// Mistake: the shared-memory tree with no __syncthreads() between its steps. A thread reads
// s[tid + stride] before the thread that owns it has added its own step into it. On a GPU the result
// depends on which warps run first, and often comes out wrong; the simulator reports the race with the
// shared array, both lines and the barrier to add.
#include "reduction.cuh"

#define BLOCK 256

__global__ void reduce_kernel(const int* src, int* dst, int count) {
    __shared__ int s[BLOCK];
    int tid = threadIdx.x;
    int i = blockIdx.x * BLOCK + tid;
    s[tid] = i < count ? src[i] : 0;
    __syncthreads();
    for (int stride = BLOCK / 2; stride > 0; stride /= 2) {
        if (tid < stride) s[tid] += s[tid + stride];
    }
    if (tid == 0) dst[blockIdx.x] = s[0];
}

void reduce_sum(const int* in, int* out, int n, int* scratch) {
    const int* src = in;
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
