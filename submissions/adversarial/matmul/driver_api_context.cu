// cudagrade-expect: rejected
// Threat: the driver API beside the runtime. A context of the file's own (cuCtxCreate) would run its launches
// outside the runtime's, where the launch account and the grader's timer do not look; cuMemAlloc would give it
// memory the runtime never saw. <cuda.h> itself is allowed (old tutorials include it out of habit, and the
// simulator has its own page for it since 2026-11-29); its calls are refused by name on both backends.
#include "matmul.cuh"

#include <cuda.h>

__global__ void matmul_kernel(const float* A, const float* B, float* C, int M, int K, int N) {
    int row = blockIdx.y * blockDim.y + threadIdx.y;
    int col = blockIdx.x * blockDim.x + threadIdx.x;
    if (row < M && col < N) {
        float sum = 0.0f;
        for (int k = 0; k < K; ++k) sum += A[row * K + k] * B[k * N + col];
        C[row * N + col] = sum;
    }
}

void matmul(const float* A, const float* B, float* C, int M, int K, int N) {
    static CUcontext own = nullptr;
    if (own == nullptr && cuInit(0) == CUDA_SUCCESS) {
        CUdevice device;
        cuDeviceGet(&device, 0);
        cuCtxCreate(&own, nullptr, 0, device);
    }
    dim3 block(16, 16);
    dim3 grid((N + 15) / 16, (M + 15) / 16);
    matmul_kernel<<<grid, block>>>(A, B, C, M, K, N);
}
