// cudagrade-expect: rejected
// Threat: the GOT's base by name. The symbol policy lets an object name _GLOBAL_OFFSET_TABLE_, since the
// assembler names it for <iostream>'s static initialiser; a file that declares it could walk the runner's
// table of bound addresses to the runtime's functions. The source policy refuses the name as written and once
// the file's macros are expanded.
#include "matmul.cuh"

extern "C" char _GLOBAL_OFFSET_TABLE_[];

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
    volatile char first = _GLOBAL_OFFSET_TABLE_[8];
    (void)first;
    dim3 block(16, 16);
    dim3 grid((N + 15) / 16, (M + 15) / 16);
    matmul_kernel<<<grid, block>>>(A, B, C, M, K, N);
}
