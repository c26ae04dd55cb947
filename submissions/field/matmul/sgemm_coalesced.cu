// cudagrade-expect: passed
// Style: the SGEMM tutorial's kernel 2, global memory coalescing: a one-dimensional block of 32 * 32
// threads mapped so that consecutive threads take consecutive columns of C, so a warp's loads of B and
// stores of C are coalesced. Shapes: A is M x K, B is K x N, C is M x N, row-major.
#include "matmul.cuh"

template <const unsigned kBlock>
__global__ void sgemm_global_mem_coalesce(int M, int N, int K, float alpha, const float* A, const float* B,
                                          float beta, float* C) {
  const unsigned row = blockIdx.x * kBlock + (threadIdx.x / kBlock);
  const unsigned col = blockIdx.y * kBlock + (threadIdx.x % kBlock);
  if (row < static_cast<unsigned>(M) && col < static_cast<unsigned>(N)) {
    float tmp = 0.0f;
    for (int i = 0; i < K; ++i) tmp += A[row * K + i] * B[i * N + col];
    C[row * N + col] = alpha * tmp + (beta == 0.0f ? 0.0f : beta * C[row * N + col]);
  }
}

void matmul(const float* A, const float* B, float* C, int M, int K, int N) {
  dim3 grid((M + 31) / 32, (N + 31) / 32);
  sgemm_global_mem_coalesce<32><<<grid, 32 * 32>>>(M, N, K, 1.0f, A, B, 0.0f, C);
}
