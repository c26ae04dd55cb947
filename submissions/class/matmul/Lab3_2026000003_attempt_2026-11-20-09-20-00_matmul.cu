// Reference rung 1: the naive kernel.
//
// Teaches: the basic CUDA mapping of a matmul onto a 2D grid. One thread owns one element of C and
// computes its whole dot product straight from global memory. Every A and B element is re-read from
// DRAM/L2 by many threads (K * M * N loads in all), so this is memory-bound and slow; the later rungs
// exist to cut that traffic.
//
// Shapes: A is M x K, B is K x N, C is M x N, all row-major float32 in device memory.
// Assumes: nothing about M, K, N beyond >= 1; the grid is rounded up and every thread bounds-checks.

#include "matmul.cuh"

#include <cuda_runtime.h>

namespace {

constexpr int BLOCK = 16;

// threadIdx.x walks columns so that the 16 threads of a half-warp read consecutive B elements
// (coalesced) and write consecutive C elements; the A element is the same for all of them (broadcast).
__global__ void matmul_naive_kernel(const float* __restrict__ A, const float* __restrict__ B,
                                    float* __restrict__ C, int M, int K, int N) {
    const int col = blockIdx.x * blockDim.x + threadIdx.x;
    const int row = blockIdx.y * blockDim.y + threadIdx.y;
    // The rounded-up grid has threads past the edge of C; they must neither read nor write.
    if (row >= M || col >= N) return;

    float acc = 0.0f;
    for (int k = 0; k < K; ++k) {
        // size_t products: row * K overflows int only past 2^31 elements, but it costs nothing to be safe.
        acc += A[(size_t)row * K + k] * B[(size_t)k * N + col];
    }
    C[(size_t)row * N + col] = acc;
}

}  // namespace

void matmul(const float* A, const float* B, float* C, int M, int K, int N) {
    const dim3 block(BLOCK, BLOCK);
    // Ceil-div so the last partial tile of rows and columns still gets threads.
    const dim3 grid((N + BLOCK - 1) / BLOCK, (M + BLOCK - 1) / BLOCK);
    matmul_naive_kernel<<<grid, block>>>(A, B, C, M, K, N);
    // No sync and no error check here: the harness calls cudaGetLastError after we return.
}
