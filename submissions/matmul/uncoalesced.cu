// cudagrade-expect: passed
// Correct but slow: the naive kernel with its thread mapping transposed. threadIdx.x walks the ROWS of C, so
// the 32 lanes of a warp read A[row * K + k] from 32 different rows (32 sectors a request where 4 would do)
// and write C 32 rows apart. Every answer is right; the efficiency cases, counted by the simulator with or
// without a GPU, give it fewer points than the coalesced naive kernel (reference/matmul/naive.cu).
#include "matmul.cuh"

__global__ void matmul_kernel(const float* A, const float* B, float* C, int M, int K, int N) {
    int row = blockIdx.x * blockDim.x + threadIdx.x;
    int col = blockIdx.y * blockDim.y + threadIdx.y;
    if (row < M && col < N) {
        float sum = 0.0f;
        for (int k = 0; k < K; k++) sum += A[row * K + k] * B[k * N + col];
        C[row * N + col] = sum;
    }
}

void matmul(const float* A, const float* B, float* C, int M, int K, int N) {
    dim3 block(16, 16);
    dim3 grid((M + 15) / 16, (N + 15) / 16);
    matmul_kernel<<<grid, block>>>(A, B, C, M, K, N);
}
