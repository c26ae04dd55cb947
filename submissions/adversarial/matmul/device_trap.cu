// cudagrade-expect: crashed
// Threat: __trap() in a kernel once the multiply is written: on a GPU the launch fails with
// cudaErrorLaunchFailure and the context is lost for the rest of the process; in the simulator the trap ends
// the case. Either way the case is crashed, whatever C already holds, and the next case starts a fresh runner.
#include "matmul.cuh"

__global__ void multiply_then_trap(const float* A, const float* B, float* C, int M, int K, int N) {
    int row = blockIdx.y * blockDim.y + threadIdx.y;
    int col = blockIdx.x * blockDim.x + threadIdx.x;
    if (row < M && col < N) {
        float sum = 0.0f;
        for (int k = 0; k < K; k++) sum += A[row * K + k] * B[k * N + col];
        C[row * N + col] = sum;
    }
    __syncthreads();
    if (blockIdx.x == gridDim.x - 1 && blockIdx.y == gridDim.y - 1 && threadIdx.x == 0 && threadIdx.y == 0) __trap();
}

void matmul(const float* A, const float* B, float* C, int M, int K, int N) {
    dim3 block(16, 16);
    dim3 grid((N + 15) / 16, (M + 15) / 16);
    multiply_then_trap<<<grid, block>>>(A, B, C, M, K, N);
}
