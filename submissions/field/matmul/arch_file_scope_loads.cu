// cudagrade-expect: passed
// Style: a header-like helper chosen at file scope by architecture: from sm_80 the tiles of A and B are read
// with __ldcg (cached in L2 only), before it with __ldg. nvcc's device pass sees __CUDA_ARCH__ = 900 at file
// scope too. A is M x K, B is K x N, C is M x N, row-major.
#include "matmul.cuh"

#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
#define LOAD_TILE(pointer) __ldcg(pointer)
#else
#define LOAD_TILE(pointer) __ldg(pointer)
#endif

#define TILE 32

__global__ void __launch_bounds__(TILE * TILE) tiled(const float* __restrict__ A, const float* __restrict__ B,
                                                    float* __restrict__ C, int M, int K, int N) {
  __shared__ float As[TILE][TILE + 1];
  __shared__ float Bs[TILE][TILE + 1];
  const int row = blockIdx.y * TILE + threadIdx.y, col = blockIdx.x * TILE + threadIdx.x;
  float sum = 0.0f;
  for (int k0 = 0; k0 < K; k0 += TILE) {
    As[threadIdx.y][threadIdx.x] = (row < M && k0 + threadIdx.x < K) ? LOAD_TILE(&A[row * K + k0 + threadIdx.x]) : 0.0f;
    Bs[threadIdx.y][threadIdx.x] = (k0 + threadIdx.y < K && col < N) ? LOAD_TILE(&B[(k0 + threadIdx.y) * N + col]) : 0.0f;
    __syncthreads();
#pragma unroll 8
    for (int k = 0; k < TILE; ++k) sum = fmaf(As[threadIdx.y][k], Bs[k][threadIdx.x], sum);
    __syncthreads();
  }
  if (row < M && col < N) C[row * N + col] = sum;
}

void matmul(const float* A, const float* B, float* C, int M, int K, int N) {
  tiled<<<dim3((N + TILE - 1) / TILE, (M + TILE - 1) / TILE), dim3(TILE, TILE)>>>(A, B, C, M, K, N);
}
