// cudagrade-expect: race
// Mistake: one block per row, and a classic shared-memory tree for both reductions, on one array. After the
// max's tree every thread reads the max from s[0], then writes its partial sum into s[tid], the same array,
// with no __syncthreads() between. Thread 0 writes s[0] = its partial sum while other threads, of other warps,
// have not yet read s[0] as the max: they take thread 0's partial sum for the max, and their elements come out
// wrong. On a GPU it depends on which warp gets there first: often right, sometimes not, differently from run
// to run. The simulator reports the race every time: the shared array, the line that reads the max, the line
// that overwrites it, and the barrier to add. Every barrier inside the trees is there; the missing one is
// between two phases. Fix: __syncthreads() after `float m = s[0];`, or a separate shared word for the result
// (reference/softmax/block_per_row.cu).
#include "softmax.cuh"

#include <cmath>

#define BLOCK 256

__global__ void softmax_kernel(const float* in, float* out, int cols) {
    __shared__ float s[BLOCK];
    int tid = threadIdx.x;
    const float* x = in + (size_t)blockIdx.x * cols;
    float* y = out + (size_t)blockIdx.x * cols;

    float m = -INFINITY;
    for (int c = tid; c < cols; c += BLOCK) m = fmaxf(m, x[c]);
    s[tid] = m;
    __syncthreads();
    for (int stride = BLOCK / 2; stride > 0; stride /= 2) {
        if (tid < stride) s[tid] = fmaxf(s[tid], s[tid + stride]);
        __syncthreads();
    }
    m = s[0];
    // BUG: no __syncthreads() here: thread 0 overwrites s[0] below while others are still to read it above

    float sum = 0.0f;
    for (int c = tid; c < cols; c += BLOCK) sum += expf(x[c] - m);
    s[tid] = sum;
    __syncthreads();
    for (int stride = BLOCK / 2; stride > 0; stride /= 2) {
        if (tid < stride) s[tid] += s[tid + stride];
        __syncthreads();
    }
    sum = s[0];

    for (int c = tid; c < cols; c += BLOCK) y[c] = expf(x[c] - m) / sum;
}

void softmax(const float* in, float* out, int rows, int cols) {
    softmax_kernel<<<rows, BLOCK>>>(in, out, cols);
}
