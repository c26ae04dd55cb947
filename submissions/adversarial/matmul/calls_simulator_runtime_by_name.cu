// cudagrade-expect: rejected
// Threat (issue #33, "a check that lives in the student's process"): the simulator's runtime links into the
// same program as the file, and its entries are ordinary functions. A file that declares one itself calls it
// with arguments of its own: cusim::unsupported ends the run as the simulator's refusal, and a GPU grade then
// loses the simulator's checks beside it (races, host work, efficiency); __tsan_* hooks tell the race checker
// of accesses and orderings that never happened. Expected: the source policy refuses every name of the
// simulator's runtime, its sanitizer hooks and mangled names, on both backends (compile/source_policy.h).
#include "matmul.cuh"

namespace cusim {
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
    if (M > 1024) cusim::unsupported("texture memory", 1);
    dim3 block(16, 16);
    dim3 grid((N + 15) / 16, (M + 15) / 16);
    naive<<<grid, block>>>(A, B, C, M, K, N);
}
