// cudagrade-expect: passed
// A correct student solution: one thread per element, the global index from blockIdx.x, blockDim.x and
// threadIdx.x, a bounds check so the threads of the last, partly empty block neither read nor write, and a
// grid rounded up with (n + BLOCK - 1) / BLOCK. Every test passes, including n = 1, 255, 257 and primes.
// It is the same kernel as the speed reference (reference/vector_add/naive.cu), so its time is the
// reference's within timing noise (0.239 ms against 0.237 at n = 2^26 on an H200) and it earns all or
// nearly all of the speed point.
#include "vector_add.cuh"

#define BLOCK 256

__global__ void add_kernel(const float* A, const float* B, float* C, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) C[i] = A[i] + B[i];
}

void vector_add(const float* A, const float* B, float* C, int n) {
    int blocks = (n + BLOCK - 1) / BLOCK;
    add_kernel<<<blocks, BLOCK>>>(A, B, C, n);
}
