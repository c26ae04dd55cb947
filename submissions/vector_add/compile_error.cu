// cudagrade-expect: compile_error
// A typo: `threadIdx.X` instead of `threadIdx.x` (the built-in's fields are lower case). nvcc stops with
//     error: class "uint3" has no member "X"
// and the grader reports compile_error for every case, showing the compiler's message with the line
// number. Nothing runs, so there is no partial credit.
#include "vector_add.cuh"

#define BLOCK 256

__global__ void add_kernel(const float* A, const float* B, float* C, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.X;
    if (i < n) C[i] = A[i] + B[i];
}

void vector_add(const float* A, const float* B, float* C, int n) {
    int blocks = (n + BLOCK - 1) / BLOCK;
    add_kernel<<<blocks, BLOCK>>>(A, B, C, n);
}
