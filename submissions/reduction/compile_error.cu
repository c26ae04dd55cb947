// cudagrade-expect: compile_error
// A typo: `__syncthread()` instead of `__syncthreads()`. nvcc stops with
//     error: identifier "__syncthread" is undefined
// and the grader reports compile_error for every case, showing the compiler's message with the line
// number. Nothing runs, so there is no partial credit.
#include "reduction.cuh"

#define BLOCK 256

__global__ void reduce_kernel(const int* src, int* dst, int count) {
    __shared__ int s[BLOCK];
    int tid = threadIdx.x;
    int i = blockIdx.x * BLOCK + tid;
    s[tid] = (i < count) ? src[i] : 0;
    __syncthread();
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
