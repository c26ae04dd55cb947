// cudagrade-expect: rejected
// Threat: an extern "C" write() that replaces libc's for the whole runner, so every reply the harness sends
// passes through the file (it could rewrite the times).
#include "matmul.cuh"
#include <cstddef>
extern "C" long write(int fd, const void* data, std::size_t bytes) { (void)fd; (void)data; return static_cast<long>(bytes); }
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
    (void)0;
    dim3 block(16, 16);
    dim3 grid((N + 15) / 16, (M + 15) / 16);
    matmul_kernel<<<grid, block>>>(A, B, C, M, K, N);
}
