// cudagrade-expect: wrong_answer
// Mistake: the grid is rounded up correctly, but the kernel has no `if (i < n)`. When n is not a multiple
// of 256, the threads of the last block past the end still run: they read past the ends of A and B and
// write C[n], C[n + 1], ... up to the end of the block, past the end of C. On a GPU that rarely crashes
// (cudaMalloc rounds allocations up, so the stray writes land in memory nobody checks, or in a neighbouring
// buffer), and C[0..n) is even right. The grader keeps guard words just past the end of C and sees them
// changed, so every case whose n is not a multiple of 256 fails with wrong_answer: the non-multiple and
// boundary cases (n = 1, 255, 257, primes), while the powers of two (and n = 256) pass. Fix: `if (i < n)`
// around the store.
#include "vector_add.cuh"

#define BLOCK 256

__global__ void add_kernel(const float* A, const float* B, float* C, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    C[i] = A[i] + B[i];  // BUG: no check against n
}

void vector_add(const float* A, const float* B, float* C, int n) {
    int blocks = (n + BLOCK - 1) / BLOCK;
    add_kernel<<<blocks, BLOCK>>>(A, B, C, n);
}
