// cudagrade-expect: timeout
// Threat: a global object whose initialisation never returns, so the harness never greets the grader: every
// case would wait for the runner's start (four cases of 60 s: 240 s, #33). The grader waits once; the remaining
// cases get that verdict at once.
#include "matmul.cuh"

namespace {

int never_ready() {
    volatile unsigned long spins = 0;
    for (;;) spins = spins + 1;  // volatile: a loop the compiler must keep
    return 0;
}

const int g_stalled = never_ready();

__global__ void matmul_kernel(const float* A, const float* B, float* C, int M, int K, int N, int extra) {
    int row = blockIdx.y * blockDim.y + threadIdx.y;
    int col = blockIdx.x * blockDim.x + threadIdx.x;
    if (row < M && col < N) {
        float sum = 0.0f;
        for (int k = 0; k < K; ++k) sum += A[row * K + k] * B[k * N + col];
        C[row * N + col] = sum + extra;
    }
}

}  // namespace

void matmul(const float* A, const float* B, float* C, int M, int K, int N) {
    dim3 block(16, 16);
    dim3 grid((N + 15) / 16, (M + 15) / 16);
    matmul_kernel<<<grid, block>>>(A, B, C, M, K, N, g_stalled);  // a host value, passed as nvcc wants
}
