// cudagrade-expect: passed
// Honest: C is cleared by a copy from host memory, then the kernel writes every element of it. The host's
// bytes are not what C holds at the end, so this is no host work.
#include "matmul.cuh"
#include <vector>

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
    std::vector<float> zeros(size_t(M) * N, 0.0f);
    cudaMemcpy(C, zeros.data(), zeros.size() * sizeof(float), cudaMemcpyHostToDevice);
    dim3 block(16, 16);
    dim3 grid((N + 15) / 16, (M + 15) / 16);
    matmul_kernel<<<grid, block>>>(A, B, C, M, K, N);
}
