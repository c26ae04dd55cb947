// Reference rung 3: shared-memory tiling with boundary checks.
//
// Teaches: how to make the tiled kernel of tiled.cu correct for any shape without padding copies.
// Threads whose tile element lies outside A or B load 0 into shared memory instead, which adds
// nothing to the dot product, and threads outside C skip only the final store. Out-of-range threads
// must still take part in the loads and in every __syncthreads, or the block would deadlock or read
// stale shared memory; that is why the check is on each load and the store, never an early return.
//
// Shapes: A is M x K, B is K x N, C is M x N, all row-major float32 in device memory.
// Assumes: nothing about M, K, N beyond >= 1.

#include "matmul.cuh"

#include <cstddef>
#include <cuda_runtime.h>

namespace {

constexpr int TILE = 16;

__global__ void matmul_tiled_boundary_kernel(const float* __restrict__ A, const float* __restrict__ B,
                                             float* __restrict__ C, int M, int K, int N) {
    __shared__ float As[TILE][TILE];
    __shared__ float Bs[TILE][TILE];

    const int tx = threadIdx.x, ty = threadIdx.y;
    const int row = blockIdx.y * TILE + ty;
    const int col = blockIdx.x * TILE + tx;

    float acc = 0.0f;
    for (int k0 = 0; k0 < K; k0 += TILE) {
        const int a_col = k0 + tx;  // column of A this thread stages
        const int b_row = k0 + ty;  // row of B this thread stages
        // Zero outside the matrix: the padding contributes 0 to every product, so the inner loop
        // can stay branch-free and always run TILE steps.
        As[ty][tx] = (row < M && a_col < K) ? A[(size_t)row * K + a_col] : 0.0f;
        Bs[ty][tx] = (b_row < K && col < N) ? B[(size_t)b_row * N + col] : 0.0f;
        __syncthreads();
#pragma unroll
        for (int k = 0; k < TILE; ++k) acc += As[ty][k] * Bs[k][tx];
        __syncthreads();
    }
    if (row < M && col < N) C[(size_t)row * N + col] = acc;
}

}  // namespace

void matmul(const float* A, const float* B, float* C, int M, int K, int N) {
    const dim3 block(TILE, TILE);
    const dim3 grid((N + TILE - 1) / TILE, (M + TILE - 1) / TILE);
    matmul_tiled_boundary_kernel<<<grid, block>>>(A, B, C, M, K, N);
}
