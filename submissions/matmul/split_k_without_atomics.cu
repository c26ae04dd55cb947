// cudagrade-expect: race
// Mistake: "split-K" for more parallelism: blockIdx.z picks a slice of K, and each block adds its partial
// dot products into C with a plain `C[...] += sum`. Blocks of different slices run at the same time on a
// GPU and overwrite each other's additions. The simulator runs blocks one at a time, which would hide it;
// its race checker sees two blocks update the same element of C with no atomic, and says to use atomicAdd.
#include "matmul.cuh"

#define TILE 16
#define SLICES 4

__global__ void partial_products(const float* A, const float* B, float* C, int M, int K, int N) {
    int row = blockIdx.y * TILE + threadIdx.y;
    int col = blockIdx.x * TILE + threadIdx.x;
    if (row >= M || col >= N) return;
    int slice = (K + SLICES - 1) / SLICES;
    int begin = blockIdx.z * slice;
    int end = min(K, begin + slice);
    float sum = 0.0f;
    for (int k = begin; k < end; k++) sum += A[row * K + k] * B[k * N + col];
    C[row * N + col] += sum;
}

void matmul(const float* A, const float* B, float* C, int M, int K, int N) {
    cudaMemset(C, 0, sizeof(float) * M * N);
    dim3 block(TILE, TILE);
    dim3 grid((N + TILE - 1) / TILE, (M + TILE - 1) / TILE, SLICES);
    partial_products<<<grid, block>>>(A, B, C, M, K, N);
}
