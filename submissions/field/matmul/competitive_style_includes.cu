// cudagrade-expect: passed
// Style: a competitive programmer's first CUDA file. `#include <bits/stdc++.h>` and `using namespace std;` at
// the top, min() on both sides of the launch, a tiled kernel from the lectures (16 x 16 tiles in shared memory,
// bounds-checked loads) and a host-side check of the shape that prints with cout and endl. The file built under
// nvcc and was refused on both backends until 2026-11-29: <iostream>'s static initialiser makes the assembler
// name the GOT, which the symbol policy did not allow.
#include <bits/stdc++.h>

#include "matmul.cuh"

using namespace std;

#define TILE 16

// C (M x N) = A (M x K) x B (K x N), row-major; one thread per element of C, one tile of A and B at a time.
__global__ void tiled(const float* A, const float* B, float* C, int M, int K, int N) {
  __shared__ float As[TILE][TILE];
  __shared__ float Bs[TILE][TILE];
  int row = blockIdx.y * TILE + threadIdx.y;
  int col = blockIdx.x * TILE + threadIdx.x;
  float acc = 0.0f;
  for (int t = 0; t < K; t += TILE) {
    As[threadIdx.y][threadIdx.x] = (row < M && t + threadIdx.x < K) ? A[row * K + t + threadIdx.x] : 0.0f;
    Bs[threadIdx.y][threadIdx.x] = (t + threadIdx.y < K && col < N) ? B[(t + threadIdx.y) * N + col] : 0.0f;
    __syncthreads();
    int steps = min(TILE, K - t);
    for (int k = 0; k < steps; ++k) acc += As[threadIdx.y][k] * Bs[k][threadIdx.x];
    __syncthreads();
  }
  if (row < M && col < N) C[row * N + col] = acc;
}

void matmul(const float* A, const float* B, float* C, int M, int K, int N) {
  if (min({M, K, N}) <= 0) {
    cout << "matmul: empty shape " << M << " x " << K << " x " << N << endl;
    return;
  }
  dim3 block(TILE, TILE);
  dim3 grid((N + TILE - 1) / TILE, (M + TILE - 1) / TILE);
  tiled<<<grid, block>>>(A, B, C, M, K, N);
}
