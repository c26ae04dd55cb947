// cudagrade-expect: crashed
// Mistake: the kernel accumulates into a scratch buffer that was meant to be allocated once
// ("TODO: cudaMalloc this") but never was, so every thread writes through a null pointer. The GPU
// raises an illegal-address fault; the error surfaces when the grader synchronises after matmul.
// A student sees every case reported as crashed with "an illegal memory access was encountered".
#include "matmul.cuh"

static float* scratch = nullptr;  // TODO: cudaMalloc(&scratch, ...) once, on the first call

__global__ void matmul_kernel(const float* A, const float* B, float* C, float* tmp, int M, int K, int N) {
    int row = blockIdx.y * blockDim.y + threadIdx.y;
    int col = blockIdx.x * blockDim.x + threadIdx.x;
    if (row < M && col < N) {
        tmp[row * N + col] = 0.0f;
        for (int k = 0; k < K; k++) tmp[row * N + col] += A[row * K + k] * B[k * N + col];
        C[row * N + col] = tmp[row * N + col];
    }
}

void matmul(const float* A, const float* B, float* C, int M, int K, int N) {
    dim3 block(16, 16);
    dim3 grid((N + 15) / 16, (M + 15) / 16);
    matmul_kernel<<<grid, block>>>(A, B, C, scratch, M, K, N);
}
