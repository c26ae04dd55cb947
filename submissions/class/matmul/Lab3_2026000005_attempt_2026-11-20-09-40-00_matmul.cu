// cudagrade-expect: wrong_answer
// Mistake: B is indexed as if it were stored column-major (B[col * K + k] instead of B[k * N + col]),
// i.e. the kernel computes A x B^T reinterpreted. Every read is still in bounds, so nothing crashes.
// A student sees 1x1x1 and the K = 1 and N = 1 cases pass (there the two indexings coincide) and
// every square, rectangular and non-multiple case fail with wrong values.
#include "matmul.cuh"

__global__ void matmul_kernel(const float* A, const float* B, float* C, int M, int K, int N) {
    int row = blockIdx.y * blockDim.y + threadIdx.y;
    int col = blockIdx.x * blockDim.x + threadIdx.x;
    if (row < M && col < N) {
        float sum = 0.0f;
        for (int k = 0; k < K; k++) sum += A[row * K + k] * B[col * K + k];
        C[row * N + col] = sum;
    }
}

void matmul(const float* A, const float* B, float* C, int M, int K, int N) {
    dim3 block(16, 16);
    dim3 grid((N + 15) / 16, (M + 15) / 16);
    matmul_kernel<<<grid, block>>>(A, B, C, M, K, N);
}
