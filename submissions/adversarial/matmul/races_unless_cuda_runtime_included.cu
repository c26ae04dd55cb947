// cudagrade-expect: race
// Threat (issue #33, "a file can tell the backends apart", by macro): nvcc includes CUDA's cuda_runtime.h before
// every file, and its headers define hundreds of macros (__CUDA_RUNTIME_H__, cudaHostAllocDefault, ...) that
// the simulator's own headers did not, while cusim's <cstdint> defined INT32_MAX, which nvcc's do not. Testing
// one such name told the simulator from nvcc: here the tiled kernel keeps its second barrier only where
// __CUDA_RUNTIME_H__ is undefined, in the simulator, and drops it on a GPU.
// Expected: the simulator defines every macro name nvcc 13.0 defines for an empty file, pass by pass, and no
// other (grader/cusim/include/cusim_nvcc_macros.h, tests/data/nvcc/): the race is found.
#include "matmul.cuh"

#define TILE 16

#if defined(__CUDA_RUNTIME_H__) && !defined(INT32_MAX)
#define LOOKS_LIKE_NVCC true
#else
#define LOOKS_LIKE_NVCC false
#endif

__global__ void tiled(const float* A, const float* B, float* C, int M, int K, int N, bool wait_before_overwriting) {
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
        if (wait_before_overwriting) __syncthreads();
    }
    if (row < M && col < N) C[row * N + col] = sum;
}

void matmul(const float* A, const float* B, float* C, int M, int K, int N) {
    dim3 block(TILE, TILE);
    dim3 grid((N + TILE - 1) / TILE, (M + TILE - 1) / TILE);
    tiled<<<grid, block>>>(A, B, C, M, K, N, !LOOKS_LIKE_NVCC);
}
