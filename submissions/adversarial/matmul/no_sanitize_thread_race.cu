// cudagrade-expect: rejected
// Threat: a race hidden from the simulator's checker (issue #33). The tiled kernel without its second
// __syncthreads() (submissions/matmul/missing_syncthreads.cu, a race) carries no_sanitize_thread, which
// removed it from race checking, from the second order's thread switches and from counting, so it passed.
// Every spelling of an attribute that turns instrumentation off is refused before anything compiles
// (compile/source_policy.h).
#include "matmul.cuh"

#define TILE 16

__attribute__((no_sanitize_thread)) __global__ void matmul_kernel(const float* A, const float* B, float* C, int M, int K, int N) {
    __shared__ float As[TILE][TILE];
    __shared__ float Bs[TILE][TILE];
    int row = blockIdx.y * TILE + threadIdx.y;
    int col = blockIdx.x * TILE + threadIdx.x;
    float sum = 0.0f;
    for (int t = 0; t < K; t += TILE) {
        int ak = t + threadIdx.x, bk = t + threadIdx.y;
        As[threadIdx.y][threadIdx.x] = (row < M && ak < K) ? A[row * K + ak] : 0.0f;
        Bs[threadIdx.y][threadIdx.x] = (bk < K && col < N) ? B[bk * N + col] : 0.0f;
        __syncthreads();
        for (int k = 0; k < TILE; k++) sum += As[threadIdx.y][k] * Bs[k][threadIdx.x];
    }
    if (row < M && col < N) C[row * N + col] = sum;
}

void matmul(const float* A, const float* B, float* C, int M, int K, int N) {
    dim3 block(TILE, TILE);
    dim3 grid((N + TILE - 1) / TILE, (M + TILE - 1) / TILE);
    matmul_kernel<<<grid, block>>>(A, B, C, M, K, N);
}
