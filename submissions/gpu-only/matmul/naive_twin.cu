// cudagrade-expect: passed
// The honest twin of remembers_answers.cu: the same naive kernel (a thread per element of C, K loads of A and
// of B each), with nothing remembered. Whatever points it gets for speed are what its twin may get.
#include "matmul.cuh"

__global__ void naive_kernel(const float* A, const float* B, float* C, int M, int K, int N) {
    int row = blockIdx.y * blockDim.y + threadIdx.y;
    int col = blockIdx.x * blockDim.x + threadIdx.x;
    if (row < M && col < N) {
        float sum = 0.0f;
        for (int k = 0; k < K; k++) sum += A[row * K + k] * B[k * N + col];
        C[row * N + col] = sum;
    }
}

void matmul(const float* A, const float* B, float* C, int M, int K, int N) {
    dim3 block(16, 16);
    dim3 grid((N + 15) / 16, (M + 15) / 16);
    naive_kernel<<<grid, block>>>(A, B, C, M, K, N);
}
