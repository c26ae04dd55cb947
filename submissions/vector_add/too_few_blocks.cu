// cudagrade-expect: wrong_answer
// Mistake: the grid is sized with floor division, n / 256 blocks, so when n is not a multiple of 256 the
// last n % 256 elements get no thread and C's tail is never written. The student had hit "invalid
// configuration argument" on small n (n / 256 is a grid of 0 blocks for n < 256) and patched it with
// max(1, ...), which hides the real bug: powers of two and sizes under 256 pass, while n = 257, 1000, 1023,
// 1025, the primes and the other non-multiple sizes fail with wrong_answer, the grader naming the first of
// C's last elements as never written. The kernel's bounds check is right; the grid is what is short.
// Fix: (n + 256 - 1) / 256 blocks, the ceiling.
#include "vector_add.cuh"

#define BLOCK 256

__global__ void add_kernel(const float* A, const float* B, float* C, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) C[i] = A[i] + B[i];
}

void vector_add(const float* A, const float* B, float* C, int n) {
    int blocks = max(1, n / BLOCK);  // BUG: rounds down; the last partial block is never launched
    add_kernel<<<blocks, BLOCK>>>(A, B, C, n);
}
