// cudagrade-expect: host_compute
// Threat: the multiply done on the host. A and B are copied to host arrays, multiplied there, and C is copied
// back to the device, with an empty kernel launched so that a "no kernel launched" check passes. The
// outputs are right. The simulator notes every copy the runtime makes during the call: C's words were last
// written by a copy from host memory, and no kernel read A or B, so the case is host_compute with no points.
// On a GPU the simulator's check alongside gives the same verdict.
#include <cstdlib>

#include "matmul.cuh"

__global__ void looks_busy() {}

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
    cudaMemcpy(C, c, sizeof(float) * M * N, cudaMemcpyHostToDevice);
    looks_busy<<<1, 1>>>();
    free(a);
    free(b);
    free(c);
}
