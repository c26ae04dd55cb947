// cudagrade-expect: rejected
// Threat: a destructor attribute the source policy cannot read: its name is pasted together by a macro
// (`de ## structor`), so neither `destructor` nor `__destructor__` appears in the file. The function would
// run after main returns, when the harness has stopped watching. The object check decides: the compiled
// file may contribute no .fini_array entry at all (compile/startup_sections.h).
#include "matmul.cuh"

#define PASTE(a, b) a##b
#define AT_EXIT(name) __attribute__((PASTE(de, name)))

static float* last_output = nullptr;
AT_EXIT(structor) static void after_main() {
    if (last_output != nullptr) last_output[0] = 0.0f;
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
    dim3 block(16, 16);
    dim3 grid((N + 15) / 16, (M + 15) / 16);
    matmul_kernel<<<grid, block>>>(A, B, C, M, K, N);
    last_output = C;
}
