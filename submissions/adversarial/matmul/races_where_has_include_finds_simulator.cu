// cudagrade-expect: rejected
// Threat (issue #33, "a file can tell the backends apart", by the preprocessor's feature queries):
// __has_include("cusim_intrinsics.h") is true where the simulator's headers are searched and false under
// nvcc, so a file could keep its second barrier in the simulator and drop it on a GPU; spelled by token
// pasting, no word of the file names the query, and a directive leaves nothing in the preprocessed text.
// Expected: the screen's second run, with every query trapped, finds it on the file's line, on both backends
// (compile/preprocessed_policy.h).
#include "matmul.cuh"

#define GLUE(a, b) a##b
#if GLUE(__has_, include)("cusim_intrinsics.h")
#define IN_SIMULATOR true
#else
#define IN_SIMULATOR false
#endif

#define TILE 16

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
    tiled<<<grid, block>>>(A, B, C, M, K, N, IN_SIMULATOR);
}
