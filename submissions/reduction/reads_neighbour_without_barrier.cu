// cudagrade-expect: race
// Mistake: a running sum in which thread i adds its element to thread i-1's running sum, read from global
// memory with no barrier, "because thread i-1 comes first". Nothing makes it come first: on a GPU the
// warps of a block run in any order, and a block's total comes out short. The simulator's race checker
// sees thread i read the word thread i-1 writes in the same phase and names both lines.
#include "reduction.cuh"

#define BLOCK 256

__global__ void running_sums(const int* in, int* sums, int n) {
    int i = blockIdx.x * BLOCK + threadIdx.x;
    if (i >= n) return;
    int before = threadIdx.x == 0 ? 0 : sums[i - 1];
    sums[i] = before + in[i];
}

// One thread adds up the last running sum of every block.
__global__ void add_block_totals(const int* sums, int* out, int n) {
    int total = 0;
    for (int last = BLOCK - 1; last < n + BLOCK - 1; last += BLOCK) total += sums[last < n ? last : n - 1];
    *out = total;
}

void reduce_sum(const int* in, int* out, int n, int* scratch) {
    running_sums<<<(n + BLOCK - 1) / BLOCK, BLOCK>>>(in, scratch, n);
    add_block_totals<<<1, 1>>>(scratch, out, n);
}
