// cudagrade-expect: passed
// cudagrade-twin: naive_twin.cu
// Hostile (issue #33, efficiency gamed): the naive kernel everywhere except at the sizes the simulator counts
// the shipped efficiency cases at (64^3, and 160^3 for the 4096^3 performance cases), where it runs the tiled
// kernel. Before the recount, its efficiency cases and its speed points without a GPU were graded as the tiled
// kernel's, 4.75 points over its twin. Now each efficiency case is counted again at a size drawn for the
// grade, where it runs naive, so it scores no more than naive_twin.cu, with or without a GPU.
#include "matmul.cuh"

constexpr int TILE = 16;

__global__ void naive_kernel(const float* A, const float* B, float* C, int M, int K, int N) {
    int row = blockIdx.y * blockDim.y + threadIdx.y;
    int col = blockIdx.x * blockDim.x + threadIdx.x;
    if (row < M && col < N) {
        float sum = 0.0f;
        for (int k = 0; k < K; k++) sum += A[row * K + k] * B[k * N + col];
        C[row * N + col] = sum;
    }
}

// A is M x K, B is K x N, C is M x N, row-major; bounds-checked tiles of TILE x TILE.
__global__ void tiled_kernel(const float* A, const float* B, float* C, int M, int K, int N) {
    __shared__ float As[TILE][TILE];
    __shared__ float Bs[TILE][TILE];
    int row = blockIdx.y * TILE + threadIdx.y;
    int col = blockIdx.x * TILE + threadIdx.x;
    float sum = 0.0f;
    for (int k0 = 0; k0 < K; k0 += TILE) {
        As[threadIdx.y][threadIdx.x] = (row < M && k0 + threadIdx.x < K) ? A[row * K + k0 + threadIdx.x] : 0.0f;
        Bs[threadIdx.y][threadIdx.x] = (k0 + threadIdx.y < K && col < N) ? B[(k0 + threadIdx.y) * N + col] : 0.0f;
        __syncthreads();
        for (int k = 0; k < TILE; ++k) sum += As[threadIdx.y][k] * Bs[k][threadIdx.x];
        __syncthreads();
    }
    if (row < M && col < N) C[row * N + col] = sum;
}

static bool counted_size(int M, int K, int N) {
    return (M == 64 && K == 64 && N == 64) || (M == 160 && K == 160 && N == 160);
}

void matmul(const float* A, const float* B, float* C, int M, int K, int N) {
    dim3 block(TILE, TILE);
    dim3 grid((N + TILE - 1) / TILE, (M + TILE - 1) / TILE);
    if (counted_size(M, K, N)) {
        tiled_kernel<<<grid, block>>>(A, B, C, M, K, N);
    } else {
        naive_kernel<<<grid, block>>>(A, B, C, M, K, N);
    }
}
