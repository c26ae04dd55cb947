// cudagrade-expect: rejected
// Threat: calls_simulator_runtime_by_name.cu with the simulator's names spelled by token pasting, so that no
// word of the file names them and the source policy's scan of the text sees nothing. Expected: pasted, `cusim`
// reaches the compiler as a word of the file's own lines, where the preprocessed policy finds it on both
// backends (compile/preprocessed_policy.h); the words the simulator's rewriter writes there itself are the
// only ones it takes.
#include "matmul.cuh"

#define GLUE(a, b) a##b

namespace GLUE(cu, sim) {
void unsupported(const char* construct, int line);
}

__global__ void naive(const float* A, const float* B, float* C, int M, int K, int N) {
    int row = blockIdx.y * blockDim.y + threadIdx.y;
    int col = blockIdx.x * blockDim.x + threadIdx.x;
    if (row >= M || col >= N) return;
    float sum = 0.0f;
    for (int k = 0; k < K; ++k) sum += A[row * K + k] * B[k * N + col];
    C[row * N + col] = sum;
}

void matmul(const float* A, const float* B, float* C, int M, int K, int N) {
    if (M > 1024) GLUE(cu, sim)::unsupported("texture memory", 1);
    dim3 block(16, 16);
    dim3 grid((N + 15) / 16, (M + 15) / 16);
    naive<<<grid, block>>>(A, B, C, M, K, N);
}
