// cudagrade-expect: timeout
// Mistake: the student "protects" the store to C with a global spin lock (there was never a race to
// protect against) and forgets to release it. The first thread to take the lock stores and exits
// still holding it; every other thread spins forever. The atomics cannot be optimised away, so the
// kernel never finishes. A student sees the run killed after the time limit (timeout); a lone 1x1x1
// case may pass, since only one thread ever asks for the lock.
#include "matmul.cuh"

__device__ int lock = 0;

__global__ void matmul_kernel(const float* A, const float* B, float* C, int M, int K, int N) {
    int row = blockIdx.y * blockDim.y + threadIdx.y;
    int col = blockIdx.x * blockDim.x + threadIdx.x;
    if (row < M && col < N) {
        float sum = 0.0f;
        for (int k = 0; k < K; k++) sum += A[row * K + k] * B[k * N + col];
        while (atomicCAS(&lock, 0, 1) != 0) {
        }
        C[row * N + col] = sum;
        // missing: atomicExch(&lock, 0);
    }
}

void matmul(const float* A, const float* B, float* C, int M, int K, int N) {
    dim3 block(16, 16);
    dim3 grid((N + 15) / 16, (M + 15) / 16);
    matmul_kernel<<<grid, block>>>(A, B, C, M, K, N);
}
