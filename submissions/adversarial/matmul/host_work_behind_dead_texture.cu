// cudagrade-expect: host_compute
// Threat (issue #33, "a file can make the simulator refuse it"): host_result_moved_by_kernel.cu's laundering,
// with one token of a construct the simulator cannot run in code no compiler ever sees. The simulator refused
// the whole file as `unsupported`, so beside a GPU grade only compute-sanitizer checked it, which looks for
// races, not host work; and the GPU runner's own check sees copies into the outputs, not into a buffer a kernel
// then moves: full points on the GPU.
// Expected: the simulator refuses only code the compiler compiles (sim/rewriter.h), so it runs this file and
// finds that no kernel read A or B: host_compute, in the simulator and beside a GPU grade.
#if 0
texture<float, 2> unused_texture;  // never compiled, by nvcc or by the simulator
#endif
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
