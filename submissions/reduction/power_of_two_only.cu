// cudagrade-expect: wrong_answer
// No bounds check on the load: the kernel assumes every pass has a multiple of 2*BLOCK = 512
// elements, so the last block reads up to 511 ints past the end. Past the end of `in` the grader has
// non-zero guard values, and past the partials in scratch there is garbage, so those reads change the
// sum: non-multiple, boundary and prime sizes fail, and so do most powers of two (n = 2^20 leaves 2048
// partials, 4 after pass 2, and pass 3 reads 508 stale values). The student sees wrong_answer with
// sums that are far off. Fix: load 0 when the index is >= count.
#include "reduction.cuh"

#define BLOCK 256

__global__ void reduce_kernel(const int* src, int* dst) {
    __shared__ int s[BLOCK];
    int tid = threadIdx.x;
    int i = blockIdx.x * BLOCK * 2 + tid;
    s[tid] = src[i] + src[i + BLOCK];  // BUG: no check against n
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
            reduce_kernel<<<1, BLOCK>>>(src, out);
            return;
        }
        reduce_kernel<<<blocks, BLOCK>>>(src, dst);
        src = dst;
        dst = dst + blocks;
        count = blocks;
    }
}
