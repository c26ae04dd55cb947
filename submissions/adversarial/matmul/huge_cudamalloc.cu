// cudagrade-expect: crashed
// Threat: a 1 PiB cudaMalloc; the failed call leaves its error for the harness, which reports it.
#include "matmul.cuh"

__global__ void matmul_kernel(const float* A, const float* B, float* C, int M, int K, int N) {
    int row = blockIdx.y * blockDim.y + threadIdx.y;
    int col = blockIdx.x * blockDim.x + threadIdx.x;
    if (row < M && col < N) {
        float sum = 0.0f;
        for (int k = 0; k < K; ++k) sum += A[row * K + k] * B[k * N + col];
        C[row * N + col] = sum;
    }
}

void matmul(const float* A, const float* B, float* C, int M, int K, int N) {
    float* hoard = nullptr;
    cudaMalloc(&hoard, size_t{1} << 50);
    matmul_kernel<<<1, 1>>>(A, B, hoard, 1, 1, 1);
}
