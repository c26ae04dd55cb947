// cudagrade-expect: wrong_answer
// Off-by-one: the bounds check is `i < count - 1`, so the last element of every pass is dropped. The
// sum is wrong for every n except by luck (the dropped value happens to be 0), so nearly all cases
// fail with wrong_answer; a student sees expected vs. got differing by exactly in[n-1] on one-pass
// sizes, which is the clue.
#include "reduction.cuh"

#define BLOCK 256

__global__ void reduce_kernel(const int* src, int* dst, int count) {
    __shared__ int s[BLOCK];
    int tid = threadIdx.x;
    int i = blockIdx.x * BLOCK + tid;
    s[tid] = (i < count - 1) ? src[i] : 0;  // BUG: should be i < count
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
