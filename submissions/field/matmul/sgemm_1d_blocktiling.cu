// cudagrade-expect: passed
// Style: the SGEMM tutorial's kernel 4, 1D blocktiling: each thread computes TM = 8 results of one column of
// C, from a 64 x 8 tile of A and an 8 x 64 tile of B in shared memory. Edges are zero-filled on load and
// guarded on store. A is M x K, B is K x N, C is M x N, row-major.
#include "matmul.cuh"

template <int BM, int BN, int BK, int TM>
__global__ void sgemm_1d_blocktiling(int M, int N, int K, const float* A, const float* B, float* C) {
  __shared__ float As[BM * BK];
  __shared__ float Bs[BK * BN];
  const int c_row = blockIdx.y, c_col = blockIdx.x;
  const int thread_col = threadIdx.x % BN, thread_row = threadIdx.x / BN;
  const int inner_col_a = threadIdx.x % BK, inner_row_a = threadIdx.x / BK;
  const int inner_col_b = threadIdx.x % BN, inner_row_b = threadIdx.x / BN;
  float results[TM] = {0.0f};
  for (int block = 0; block < K; block += BK) {
    const int a_row = c_row * BM + inner_row_a, a_col = block + inner_col_a;
    As[inner_row_a * BK + inner_col_a] = (a_row < M && a_col < K) ? A[a_row * K + a_col] : 0.0f;
    const int b_row = block + inner_row_b, b_col = c_col * BN + inner_col_b;
    Bs[inner_row_b * BN + inner_col_b] = (b_row < K && b_col < N) ? B[b_row * N + b_col] : 0.0f;
    __syncthreads();
    for (int dot = 0; dot < BK; ++dot) {
      const float b = Bs[dot * BN + thread_col];
      for (int r = 0; r < TM; ++r) results[r] += As[(thread_row * TM + r) * BK + dot] * b;
    }
    __syncthreads();
  }
  for (int r = 0; r < TM; ++r) {
    const int row = c_row * BM + thread_row * TM + r, col = c_col * BN + thread_col;
    if (row < M && col < N) C[row * N + col] = results[r];
  }
}

void matmul(const float* A, const float* B, float* C, int M, int K, int N) {
  constexpr int BM = 64, BN = 64, BK = 8, TM = 8;
  dim3 grid((N + BN - 1) / BN, (M + BM - 1) / BM);
  sgemm_1d_blocktiling<BM, BN, BK, TM><<<grid, (BM * BN) / TM>>>(M, N, K, A, B, C);
}
