// cudagrade-expect: race
// Threat (issue #33, "a file can tell the backends apart", by nvcc's passes): a global object declared only
// where __CUDA_ARCH__ is defined exists in nvcc's device pass alone, which builds no host code: on a GPU its
// constructor never runs. The simulator compiles such a file in both passes and joins the two objects; had it
// kept the device pass's startup code, the constructor below would run there only and set the flag that keeps
// the kernel's second barrier, so the simulator would check a safe kernel while the GPU ran a racy one (on
// fdfe700, the first commit with the two passes, it passed with 25 / 27 in the simulator).
// Expected: the join drops the device pass's startup code (sim/pass_join.h), as nvcc builds none: the flag
// stays 0 in the simulator too, and the race is found.
#include "matmul.cuh"

#define TILE 16

__device__ int wait_before_overwriting;

#ifdef __CUDA_ARCH__
struct SetOnlyWhereTheDevicePassRuns {
    SetOnlyWhereTheDevicePassRuns() {
        wait_before_overwriting = 1;
    }
} set_only_where_the_device_pass_runs;
#endif

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
        if (wait_before_overwriting) __syncthreads();
    }
    if (row < M && col < N) C[row * N + col] = sum;
}

void matmul(const float* A, const float* B, float* C, int M, int K, int N) {
    dim3 block(TILE, TILE);
    dim3 grid((N + TILE - 1) / TILE, (M + TILE - 1) / TILE);
    tiled<<<grid, block>>>(A, B, C, M, K, N);
}
