// cudagrade-expect: passed
// Style: the SGEMM tutorial's double buffering with a split block: warps 4 to 7 load the next tiles of A and
// B into one buffer while warps 0 to 3 multiply the tiles in the other, and each half meets the other at a
// __syncthreads() of its own branch. The branches are warp-uniform, and a GPU counts both calls as one
// barrier; the CUDA Programming Guide leaves it undefined, and the simulator says so in the details.
// A is M x K, B is K x N, C is M x N, row-major; 32 x 32 tiles of C, 256 threads.
#include "matmul.cuh"

constexpr int kTile = 32;

__device__ void load_tiles(float (*As)[kTile], float (*Bs)[kTile], const float* A, const float* B, int M, int K,
                           int N, int tile_row, int tile_col, int k0, int loader) {
  for (int e = loader; e < kTile * kTile; e += 128) {
    const int r = e / kTile, c = e % kTile;
    As[r][c] = (tile_row + r < M && k0 + c < K) ? A[(tile_row + r) * K + k0 + c] : 0.0f;
    Bs[r][c] = (k0 + r < K && tile_col + c < N) ? B[(k0 + r) * N + tile_col + c] : 0.0f;
  }
}

__global__ void matmul_double_buffered(const float* A, const float* B, float* C, int M, int K, int N) {
  __shared__ float As[2][kTile][kTile];
  __shared__ float Bs[2][kTile][kTile];
  const int tile_row = blockIdx.y * kTile, tile_col = blockIdx.x * kTile;
  const int tiles = (K + kTile - 1) / kTile;
  const bool loader = threadIdx.x >= 128;
  const int col = threadIdx.x % kTile, row0 = (threadIdx.x % 128) / kTile * 8;
  float acc[8] = {0.0f};
  if (loader) load_tiles(As[0], Bs[0], A, B, M, K, N, tile_row, tile_col, 0, threadIdx.x - 128);
  __syncthreads();
  for (int t = 0; t < tiles; ++t) {
    const int cur = t % 2;
    if (loader) {
      if (t + 1 < tiles) {
        load_tiles(As[1 - cur], Bs[1 - cur], A, B, M, K, N, tile_row, tile_col, (t + 1) * kTile, threadIdx.x - 128);
      }
      __syncthreads();
    } else {
      for (int k = 0; k < kTile; ++k) {
        const float b = Bs[cur][k][col];
        for (int i = 0; i < 8; ++i) acc[i] += As[cur][row0 + i][k] * b;
      }
      __syncthreads();
    }
  }
  if (!loader) {
    for (int i = 0; i < 8; ++i) {
      if (tile_row + row0 + i < M && tile_col + col < N) C[(tile_row + row0 + i) * N + tile_col + col] = acc[i];
    }
  }
}

void matmul(const float* A, const float* B, float* C, int M, int K, int N) {
  const dim3 grid((N + kTile - 1) / kTile, (M + kTile - 1) / kTile);
  matmul_double_buffered<<<grid, 256>>>(A, B, C, M, K, N);
}
