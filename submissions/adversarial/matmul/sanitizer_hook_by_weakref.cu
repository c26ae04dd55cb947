// cudagrade-expect: rejected
// Threat: a symbol of the simulator's runtime bound by a string, where no word of the file names it: weakref
// makes `fence` another name for the race checker's hook of an atomic fence, which orders what the race
// checker sees without any ordering on a GPU. Expected: the source policy refuses weakref (and __tsan_ names,
// and mangled names) on both backends (compile/source_policy.h).
#include "matmul.cuh"

static void fence(int order) __attribute__((weakref("__tsan_atomic_thread_fence")));

__global__ void naive(const float* A, const float* B, float* C, int M, int K, int N) {
    int row = blockIdx.y * blockDim.y + threadIdx.y;
    int col = blockIdx.x * blockDim.x + threadIdx.x;
    if (row >= M || col >= N) return;
    float sum = 0.0f;
    for (int k = 0; k < K; ++k) sum += A[row * K + k] * B[k * N + col];
    fence(5);
    C[row * N + col] = sum;
}

void matmul(const float* A, const float* B, float* C, int M, int K, int N) {
    dim3 block(16, 16);
    dim3 grid((N + 15) / 16, (M + 15) / 16);
    naive<<<grid, block>>>(A, B, C, M, K, N);
}
