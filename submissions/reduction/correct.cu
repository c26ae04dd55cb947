// cudagrade-expect: passed
// A correct student solution: shared-memory tree with sequential addressing, two elements added per
// thread during the load, bounds-checked loads, and passes repeated until one block remains. Every
// test passes; speed is decent but below the reference (no vector loads, many blocks).
#include "reduction.cuh"

#define BLOCK 256

__global__ void reduce_kernel(const int* src, int* dst, int count) {
    __shared__ int s[BLOCK];
    int tid = threadIdx.x;
    int i = blockIdx.x * BLOCK * 2 + tid;
    int v = 0;
    if (i < count) v += src[i];
    if (i + BLOCK < count) v += src[i + BLOCK];
    s[tid] = v;
    __syncthreads();
    for (int stride = BLOCK / 2; stride > 0; stride /= 2) {
        if (tid < stride) s[tid] += s[tid + stride];
        __syncthreads();
    }
    if (tid == 0) dst[blockIdx.x] = s[0];
}

void reduce_sum(const int* in, int* out, int n, int* scratch) {
    const int* src = in;
    int* dst = scratch;
    int count = n;
    while (true) {
        int blocks = (count + 2 * BLOCK - 1) / (2 * BLOCK);
        if (blocks == 1) {
            reduce_kernel<<<1, BLOCK>>>(src, out, count);
            return;
        }
        reduce_kernel<<<blocks, BLOCK>>>(src, dst, count);
        // next pass reads what we just wrote and writes right after it (no overlap)
        src = dst;
        dst = dst + blocks;
        count = blocks;
    }
}
