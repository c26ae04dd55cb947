// cudagrade-expect: passed
// Style: the SGEMM tutorial's kernel 3, shared memory cache-blocking: 32 x 32 chunks of A and B staged in
// shared memory, with zero-filled edges so any M, K, N run. A is M x K, B is K x N, C is M x N, row-major.
#include "matmul.cuh"

#define BLOCKSIZE 32

__global__ void sgemm_shared_mem_block(int M, int N, int K, const float* A, const float* B, float* C) {
  __shared__ float As[BLOCKSIZE * BLOCKSIZE];
  __shared__ float Bs[BLOCKSIZE * BLOCKSIZE];
  const unsigned thread_col = threadIdx.x % BLOCKSIZE;
  const unsigned thread_row = threadIdx.x / BLOCKSIZE;
  const int row = blockIdx.x * BLOCKSIZE + thread_row;
  const int col = blockIdx.y * BLOCKSIZE + thread_col;
  float tmp = 0.0f;
  for (int block = 0; block < K; block += BLOCKSIZE) {
    As[thread_row * BLOCKSIZE + thread_col] =
        (row < M && block + thread_col < K) ? A[row * K + block + thread_col] : 0.0f;
    Bs[thread_row * BLOCKSIZE + thread_col] =
        (block + thread_row < K && col < N) ? B[(block + thread_row) * N + col] : 0.0f;
    __syncthreads();
    for (int dot = 0; dot < BLOCKSIZE; ++dot) tmp += As[thread_row * BLOCKSIZE + dot] * Bs[dot * BLOCKSIZE + thread_col];
    __syncthreads();
  }
  if (row < M && col < N) C[row * N + col] = tmp;
}

void matmul(const float* A, const float* B, float* C, int M, int K, int N) {
  dim3 grid((M + BLOCKSIZE - 1) / BLOCKSIZE, (N + BLOCKSIZE - 1) / BLOCKSIZE);
  sgemm_shared_mem_block<<<grid, BLOCKSIZE * BLOCKSIZE>>>(M, N, K, A, B, C);
}
