// cudagrade-expect: race
// Mistake: a correct shared-memory tree inside each block, then thread 0 of every block adds the block's
// sum into the result with `*out += s[0]`. Blocks run at the same time on a GPU, so two blocks can read
// the same old total and one addition is lost; with few blocks it usually works, which is why it passes
// small tests. The simulator runs blocks one at a time, which would hide it; its race checker sees two
// blocks write the same word with no atomic and names the line.
#include "reduction.cuh"

#define BLOCK 256

__global__ void zero(int* out) { *out = 0; }

__global__ void reduce_into(const int* in, int* out, int n) {
    __shared__ int s[BLOCK];
    int tid = threadIdx.x;
    int i = blockIdx.x * BLOCK + tid;
    s[tid] = i < n ? in[i] : 0;
    __syncthreads();
    for (int stride = BLOCK / 2; stride > 0; stride /= 2) {
        if (tid < stride) s[tid] += s[tid + stride];
        __syncthreads();
    }
    if (tid == 0) *out += s[0];
}

void reduce_sum(const int* in, int* out, int n, int*) {
    zero<<<1, 1>>>(out);
    reduce_into<<<(n + BLOCK - 1) / BLOCK, BLOCK>>>(in, out, n);
}
