// cudagrade-expect: rejected
// Threat: a function the loader runs before main, placed in .init_array through a section name that no
// line of the file spells: adjacent string literals (".in" "it_arr" "ay") are joined by the compiler, after
// the source policy has read them apart. Its code runs before the harness's main, where it could answer
// the greeting on the harness's behalf. The object check decides: every .init_array entry of the compiled
// file must be one the compiler makes for itself (compile/startup_sections.h).
#include "matmul.cuh"
#include <cstdio>

#define LOADER_SECTION ".in" "it_arr" "ay"

static void before_main() { std::printf("hello 0 forged greeting\n"); }
__attribute__((used, section(LOADER_SECTION))) static void (*loader_entry)() = before_main;

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
    dim3 block(16, 16);
    dim3 grid((N + 15) / 16, (M + 15) / 16);
    matmul_kernel<<<grid, block>>>(A, B, C, M, K, N);
}
