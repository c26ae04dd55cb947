// cudagrade-expect: rejected
// Threat: a memo of the last answer in thread_local storage, which lies outside the static storage the
// simulator watches as device memory (the bounds of .data and .bss), so a replayed call could be answered
// from it unseen. Until 2026-11-29 only the symbol policy's refusal of the GOT's name kept thread_local out,
// and that refused every file that included <iostream> too; now the object check refuses .tdata and .tbss.
#include "matmul.cuh"

__global__ void matmul_kernel(const float* A, const float* B, float* C, int M, int K, int N) {
    int row = blockIdx.y * blockDim.y + threadIdx.y;
    int col = blockIdx.x * blockDim.x + threadIdx.x;
    if (row < M && col < N) {
        float sum = 0.0f;
        for (int k = 0; k < K; ++k) sum += A[row * K + k] * B[k * N + col];
        C[row * N + col] = sum;
    }
}

thread_local const float* last_A = nullptr;
thread_local int calls_with_same_A = 0;

void matmul(const float* A, const float* B, float* C, int M, int K, int N) {
    calls_with_same_A = (A == last_A) ? calls_with_same_A + 1 : 0;
    last_A = A;
    if (calls_with_same_A > 1) return;  // the answer is already in C
    dim3 block(16, 16);
    dim3 grid((N + 15) / 16, (M + 15) / 16);
    matmul_kernel<<<grid, block>>>(A, B, C, M, K, N);
}
