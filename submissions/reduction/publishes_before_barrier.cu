// cudagrade-expect: race
// Mistake: each block adds its elements into a shared total with atomicAdd, and the block's last thread
// writes the total out, but there is no __syncthreads() between the adds and the read. The atomics keep
// the adds from losing each other; they do not make the last thread wait for them. On a GPU the last
// thread may read the total before other warps have added to it. The simulator's race checker sees an
// atomic update and a plain read of the same shared word with no barrier between, and names both lines.
#include "reduction.cuh"

#define BLOCK 256

__global__ void block_totals(const int* in, int* totals, int n) {
    __shared__ int total;
    if (threadIdx.x == 0) total = 0;
    __syncthreads();
    int i = blockIdx.x * BLOCK + threadIdx.x;
    if (i < n) atomicAdd(&total, in[i]);
    if (threadIdx.x == BLOCK - 1) totals[blockIdx.x] = total;
}

__global__ void add_totals(const int* totals, int* out, int blocks) {
    int sum = 0;
    for (int b = 0; b < blocks; ++b) sum += totals[b];
    *out = sum;
}

void reduce_sum(const int* in, int* out, int n, int* scratch) {
    int blocks = (n + BLOCK - 1) / BLOCK;
    block_totals<<<blocks, BLOCK>>>(in, scratch, n);
    add_totals<<<1, 1>>>(scratch, out, blocks);
}
