// cudagrade-expect: crashed
// Mistake: the multiply written as host loops over A, B and C, which are device pointers from cudaMalloc,
// with an empty kernel launched to satisfy the grader. Host code cannot read device memory: on a GPU
// machine the first A[...] is a segmentation fault. The simulator keeps device memory out of host code's
// reach in the same way, and says which buffer the host touched.
#include "matmul.cuh"

__global__ void nothing() {}

void matmul(const float* A, const float* B, float* C, int M, int K, int N) {
    for (int row = 0; row < M; row++) {
        for (int col = 0; col < N; col++) {
            float sum = 0.0f;
            for (int k = 0; k < K; k++) sum += A[row * K + k] * B[k * N + col];
            C[row * N + col] = sum;
        }
    }
    nothing<<<1, 1>>>();
}
