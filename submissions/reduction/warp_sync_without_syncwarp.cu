// cudagrade-expect: race
// Mistake: the classic "unroll the last warp" from pre-2017 lecture notes. Once 32 threads remain, the
// kernel stops calling __syncthreads() and relies on the 32 lanes of a warp running in lockstep through a
// volatile pointer. Since Volta (sm_70) lanes are scheduled independently, so a lane may read s[tid + 8]
// before lane 8 has added into it: on a GPU this usually passes and sometimes does not. The simulator
// reports the race every time, at the two lines, with the fix: __syncwarp() between the steps.
#include "reduction.cuh"

#define BLOCK 256

__device__ void warp_reduce(volatile int* s, int tid) {
    s[tid] += s[tid + 32];
    s[tid] += s[tid + 16];
    s[tid] += s[tid + 8];
    s[tid] += s[tid + 4];
    s[tid] += s[tid + 2];
    s[tid] += s[tid + 1];
}

__global__ void reduce_kernel(const int* src, int* dst, int count) {
    __shared__ int s[BLOCK];
    int tid = threadIdx.x;
    int i = blockIdx.x * BLOCK * 2 + tid;
    int v = 0;
    if (i < count) v += src[i];
    if (i + BLOCK < count) v += src[i + BLOCK];
    s[tid] = v;
    __syncthreads();
    for (int stride = BLOCK / 2; stride > 32; stride /= 2) {
        if (tid < stride) s[tid] += s[tid + stride];
        __syncthreads();
    }
    if (tid < 32) warp_reduce(s, tid);
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
        src = dst;
        dst = dst + blocks;
        count = blocks;
    }
}
