// cudagrade-expect: race
// Threat (issue #33, "a file can tell the backends apart", by nvcc's passes, without naming __CUDA_ARCH__):
// nvcc's device pass includes <stdio.h> and <assert.h> and its host pass does not, so EOF, stdout and assert
// are macros in the device pass only. The simulator compiled a file that never names __CUDA_ARCH__ once, in the
// device pass's view, where host code saw EOF defined; nvcc's host pass does not. Here host code keeps the
// tiled kernel's second barrier only where EOF is defined: in the simulator.
// Expected: every macro whose definition differs between nvcc's passes makes the simulator compile the file in
// both (grader/sim/pass_tells.inc), and its host pass includes what nvcc's does: the race is found.
#include "matmul.cuh"

#define TILE 16

#ifdef EOF
#define IN_THE_DEVICE_PASS true
#else
#define IN_THE_DEVICE_PASS false
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
    tiled<<<grid, block>>>(A, B, C, M, K, N, IN_THE_DEVICE_PASS);
}
