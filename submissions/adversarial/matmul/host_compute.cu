// cudagrade-expect: rejected
// Threat: copying the inputs back, computing on the host and copying C over: no kernel is launched at all.
#include "matmul.cuh"
#include <vector>

void matmul(const float* A, const float* B, float* C, int M, int K, int N) {
    std::vector<float> a(size_t(M) * K), b(size_t(K) * N), c(size_t(M) * N);
    cudaMemcpy(a.data(), A, a.size() * 4, cudaMemcpyDeviceToHost);
    cudaMemcpy(b.data(), B, b.size() * 4, cudaMemcpyDeviceToHost);
    for (int i = 0; i < M; ++i)
        for (int j = 0; j < N; ++j) {
            float s = 0;
            for (int k = 0; k < K; ++k) s += a[size_t(i) * K + k] * b[size_t(k) * N + j];
            c[size_t(i) * N + j] = s;
        }
    cudaMemcpy(C, c.data(), c.size() * 4, cudaMemcpyHostToDevice);
}
