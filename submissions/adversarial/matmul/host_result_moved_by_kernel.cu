// cudagrade-expect: host_compute
// Threat: host work laundered through a kernel. The product is computed on the host, copied into a device
// buffer of the file's own, and a kernel copies that buffer into C, so C's last writer is a kernel. But no
// kernel ever read A or B: the simulator notes that an input went untouched by the device during the call,
// and with the outputs right, the case is host_compute.
#include <cstdlib>

#include "matmul.cuh"

__global__ void move(const float* from, float* to, int count) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < count) to[i] = from[i];
}

void matmul(const float* A, const float* B, float* C, int M, int K, int N) {
    float* a = static_cast<float*>(malloc(sizeof(float) * M * K));
    float* b = static_cast<float*>(malloc(sizeof(float) * K * N));
    float* c = static_cast<float*>(malloc(sizeof(float) * M * N));
    cudaMemcpy(a, A, sizeof(float) * M * K, cudaMemcpyDeviceToHost);
    cudaMemcpy(b, B, sizeof(float) * K * N, cudaMemcpyDeviceToHost);
    for (int row = 0; row < M; row++) {
        for (int col = 0; col < N; col++) {
            float sum = 0.0f;
            for (int k = 0; k < K; k++) sum += a[row * K + k] * b[k * N + col];
            c[row * N + col] = sum;
        }
    }
    float* staged = nullptr;
    cudaMalloc(&staged, sizeof(float) * M * N);
    cudaMemcpy(staged, c, sizeof(float) * M * N, cudaMemcpyHostToDevice);
    move<<<(M * N + 255) / 256, 256>>>(staged, C, M * N);
    cudaDeviceSynchronize();
    cudaFree(staged);
    free(a);
    free(b);
    free(c);
}
