// cudagrade-expect: rejected
// Threat: thousands of long function names, so that nm's listing of the object outgrows what the grader reads
// and system(), sorted after them ("padding..." < "system"), falls past the end of it, while the kernel launch
// ("__cuda...", "_ZN5cusim...") sorts before them and stays in view.
#include "matmul.cuh"
#include <cstdlib>

#define PAD(n) extern "C" void padding_function_with_a_rather_long_name_##n() {}
#define PAD10(n) PAD(n##0) PAD(n##1) PAD(n##2) PAD(n##3) PAD(n##4) PAD(n##5) PAD(n##6) PAD(n##7) PAD(n##8) PAD(n##9)
#define PAD100(n) PAD10(n##0) PAD10(n##1) PAD10(n##2) PAD10(n##3) PAD10(n##4) PAD10(n##5) PAD10(n##6) PAD10(n##7) \
    PAD10(n##8) PAD10(n##9)
#define PAD1000(n) PAD100(n##0) PAD100(n##1) PAD100(n##2) PAD100(n##3) PAD100(n##4) PAD100(n##5) PAD100(n##6) \
    PAD100(n##7) PAD100(n##8) PAD100(n##9)
PAD1000(1) PAD1000(2) PAD1000(3)

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
    std::system("cat /etc/passwd");
    dim3 block(16, 16);
    dim3 grid((N + 15) / 16, (M + 15) / 16);
    matmul_kernel<<<grid, block>>>(A, B, C, M, K, N);
}
