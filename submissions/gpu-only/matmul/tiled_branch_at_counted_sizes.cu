// cudagrade-expect: passed
// cudagrade-twin: naive_twin.cu
// Hostile (issue #33, efficiency gamed): tiled_only_at_counted_sizes.cu with both paths in one kernel, so the
// kernel's name is the same at every size. At the sizes the simulator counts the shipped efficiency cases at
// (64^3, and 160^3 for the performance cases) its blocks stage tiles in shared memory; elsewhere they read A and
// B as the naive kernel does. The recount sees the difference in its accesses (shared memory at one size only,
// check/size_behaviour.h), so it scores no more than naive_twin.cu.
#include "matmul.cuh"

constexpr int TILE = 16;

// A is M x K, B is K x N, C is M x N, row-major; blocks of TILE x TILE threads, a thread per element of C.
__global__ void matmul_kernel(const float* A, const float* B, float* C, int M, int K, int N, bool tiled) {
    __shared__ float As[TILE][TILE];
    __shared__ float Bs[TILE][TILE];
    int row = blockIdx.y * TILE + threadIdx.y;
    int col = blockIdx.x * TILE + threadIdx.x;
    float sum = 0.0f;
    if (tiled) {
        for (int k0 = 0; k0 < K; k0 += TILE) {
            As[threadIdx.y][threadIdx.x] = (row < M && k0 + threadIdx.x < K) ? A[row * K + k0 + threadIdx.x] : 0.0f;
            Bs[threadIdx.y][threadIdx.x] = (k0 + threadIdx.y < K && col < N) ? B[(k0 + threadIdx.y) * N + col] : 0.0f;
            __syncthreads();
            for (int k = 0; k < TILE; ++k) sum += As[threadIdx.y][k] * Bs[k][threadIdx.x];
            __syncthreads();
        }
    } else if (row < M && col < N) {
        for (int k = 0; k < K; k++) sum += A[row * K + k] * B[k * N + col];
    }
    if (row < M && col < N) C[row * N + col] = sum;
}

void matmul(const float* A, const float* B, float* C, int M, int K, int N) {
    const bool counted = (M == 64 && K == 64 && N == 64) || (M == 160 && K == 160 && N == 160);
    dim3 block(TILE, TILE);
    dim3 grid((N + TILE - 1) / TILE, (M + TILE - 1) / TILE);
    matmul_kernel<<<grid, block>>>(A, B, C, M, K, N, counted);
}
