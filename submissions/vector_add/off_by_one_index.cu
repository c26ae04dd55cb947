// cudagrade-expect: wrong_answer
// Mistake: the global index is computed as `blockIdx.x * blockDim.x + threadIdx.x + 1`, by a student used to
// 1-based loops ("the first thread handles element 1"). With the bounds check still `i < n`, thread 0 of
// block 0 handles element 1, the thread that would handle element n is stopped by the check, and nobody
// handles element 0: C[0] is never written. Every element the kernel does write is right, so spot-checking
// a few elements from the middle shows nothing wrong; the grader reports every case as wrong_answer, naming
// C[0] as never written. Fix: drop the + 1; threadIdx.x and blockIdx.x count from 0.
#include "vector_add.cuh"

#define BLOCK 256

__global__ void add_kernel(const float* A, const float* B, float* C, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x + 1;  // BUG: indices start at 0
    if (i < n) C[i] = A[i] + B[i];
}

void vector_add(const float* A, const float* B, float* C, int n) {
    int blocks = (n + BLOCK - 1) / BLOCK;
    add_kernel<<<blocks, BLOCK>>>(A, B, C, n);
}
