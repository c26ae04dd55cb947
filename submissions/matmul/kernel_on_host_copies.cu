// cudagrade-expect: crashed
// Mistake: the inputs are copied to host arrays (malloc), and the kernel is launched on those host
// pointers. A kernel can only reach device memory: on a GPU this is an illegal address. The simulator
// checks every access a kernel makes and stops at the first one into host memory, naming the line.
#include <cstdlib>

#include "matmul.cuh"

__global__ void multiply(const float* A, const float* B, float* C, int M, int K, int N) {
    int row = blockIdx.y * blockDim.y + threadIdx.y;
    int col = blockIdx.x * blockDim.x + threadIdx.x;
    if (row >= M || col >= N) return;
    float sum = 0.0f;
    for (int k = 0; k < K; k++) sum += A[row * K + k] * B[k * N + col];
    C[row * N + col] = sum;
}

void matmul(const float* A, const float* B, float* C, int M, int K, int N) {
    float* hostA = static_cast<float*>(malloc(sizeof(float) * M * K));
    float* hostB = static_cast<float*>(malloc(sizeof(float) * K * N));
    cudaMemcpy(hostA, A, sizeof(float) * M * K, cudaMemcpyDeviceToHost);
    cudaMemcpy(hostB, B, sizeof(float) * K * N, cudaMemcpyDeviceToHost);
    dim3 block(16, 16);
    dim3 grid((N + 15) / 16, (M + 15) / 16);
    multiply<<<grid, block>>>(hostA, hostB, C, M, K, N);
    cudaDeviceSynchronize();
    free(hostA);
    free(hostB);
}
