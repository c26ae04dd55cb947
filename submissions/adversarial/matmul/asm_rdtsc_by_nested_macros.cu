// cudagrade-expect: rejected
// Threat: inline assembly that makes no system call, spelled so that no line of the file holds `asm`: the
// keyword is pasted together two macros deep (`KEYWORD(__a, sm__)` behind `RAW`). It reads the time stamp
// counter here; the same route reads registers, walks the stack to the harness's frames, or runs any
// instruction the compiler would never emit. The source policy cannot see it and the object's instruction
// scan looks only for system calls; the preprocessed policy decides: the file's own lines, after the
// preprocessor has expanded its macros, may hold no asm (compile/preprocessed_policy.h).
#include "matmul.cuh"

#define KEYWORD(prefix, suffix) prefix##suffix
#define RAW KEYWORD(__a, sm__)

static unsigned long long cycles() {
    unsigned int low, high;
    RAW __volatile__("rdtsc" : "=a"(low), "=d"(high));
    return (static_cast<unsigned long long>(high) << 32) | low;
}

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
    static unsigned long long first = cycles();
    (void)first;
    dim3 block(16, 16);
    dim3 grid((N + 15) / 16, (M + 15) / 16);
    matmul_kernel<<<grid, block>>>(A, B, C, M, K, N);
}
