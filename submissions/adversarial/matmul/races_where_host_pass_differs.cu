// cudagrade-expect: race
// Threat (issue #33, "a file can tell the backends apart", by macro): nvcc compiles a file twice, and only its
// device pass defines __CUDA_ARCH__. A macro set at file scope from it is 1 in the device pass and 0 in the host
// pass, so host code that reads it runs with 0 on a GPU. The simulator compiled the file once, with
// __CUDA_ARCH__ defined at file scope and undefined inside host functions' bodies only, so this macro was 1
// there: it checked the tiled kernel with its second barrier while the GPU ran it without one.
// Expected: the simulator compiles a file that can reach __CUDA_ARCH__ in both passes and joins them as nvcc
// does (sim/arch_passes.h, sim/pass_join.h): host code sees 0 here too, and the race is found.
#include "matmul.cuh"

#define TILE 16

#ifdef __CUDA_ARCH__
#define IN_THE_DEVICE_PASS 1
#else
#define IN_THE_DEVICE_PASS 0
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
    tiled<<<grid, block>>>(A, B, C, M, K, N, IN_THE_DEVICE_PASS == 1);
}
