// cudagrade-expect: race
// Threat (issue #33, "a file can tell the backends apart", by macro): a __host__ __device__ function is compiled
// in both of nvcc's passes, and a kernel that calls it runs its device pass's view, where __CUDA_ARCH__ is
// defined. The simulator compiled the file once and gave such a function the host pass's view everywhere, so
// the kernel below kept its second barrier there and dropped it on a GPU.
// Expected: the simulator compiles the file in both passes and joins them (sim/pass_join.h): the kernel calls
// the device pass's view, host code the host pass's, and the race is found.
#include "matmul.cuh"

#define TILE 16

__host__ __device__ inline bool wait_before_overwriting() {
#ifdef __CUDA_ARCH__
    return false;
#else
    return true;
#endif
}

__global__ void tiled(const float* A, const float* B, float* C, int M, int K, int N) {
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
        if (wait_before_overwriting()) __syncthreads();
    }
    if (row < M && col < N) C[row * N + col] = sum;
}

void matmul(const float* A, const float* B, float* C, int M, int K, int N) {
    // The host pass's view: true. The simulator once ran this view in the kernel too.
    if (!wait_before_overwriting()) return;
    dim3 block(TILE, TILE);
    dim3 grid((N + TILE - 1) / TILE, (M + TILE - 1) / TILE);
    tiled<<<grid, block>>>(A, B, C, M, K, N);
}
