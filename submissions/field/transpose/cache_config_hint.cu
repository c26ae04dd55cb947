// cudagrade-expect: passed
// Style: a tutorial of the Fermi and Kepler years, kept in courses since: the coalesced tiled transpose with
// its tile padded to 33 columns, preceded by a cache-configuration hint (`cudaFuncSetCacheConfig(...,
// cudaFuncCachePreferShared)`) and the error checks of a CUDA_CHECK macro that prints with fprintf. The hint
// changes nothing a Hopper GPU's grade measures, and nvcc builds it; until 2026-11-29 the symbol policy refused
// it on a GPU and the simulator did not declare it, so this correct file got 0 on both backends.
#include "transpose.cuh"

#include <cstdio>
#include <cstdlib>

#define CUDA_CHECK(call)                                                                   \
  do {                                                                                     \
    const cudaError_t status = (call);                                                     \
    if (status != cudaSuccess) {                                                           \
      fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__, cudaGetErrorString(status));      \
      exit(EXIT_FAILURE);                                                                  \
    }                                                                                      \
  } while (0)

#define TILE_DIM 32
#define BLOCK_ROWS 8

// out (cols x rows) = in (rows x cols) transposed; one 32 x 32 tile per block, 8 rows of threads.
__global__ void transpose_shared(const float* in, float* out, int rows, int cols) {
  __shared__ float tile[TILE_DIM][TILE_DIM + 1];
  int x = blockIdx.x * TILE_DIM + threadIdx.x;
  int y = blockIdx.y * TILE_DIM + threadIdx.y;
  for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS) {
    if (x < cols && y + j < rows) tile[threadIdx.y + j][threadIdx.x] = in[(size_t)(y + j) * cols + x];
  }
  __syncthreads();
  x = blockIdx.y * TILE_DIM + threadIdx.x;
  y = blockIdx.x * TILE_DIM + threadIdx.y;
  for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS) {
    if (x < rows && y + j < cols) out[(size_t)(y + j) * rows + x] = tile[threadIdx.x][threadIdx.y + j];
  }
}

void transpose(const float* in, float* out, int rows, int cols) {
  static bool configured = false;
  if (!configured) {
    CUDA_CHECK(cudaFuncSetCacheConfig(transpose_shared, cudaFuncCachePreferShared));
    configured = true;
  }
  dim3 grid((cols + TILE_DIM - 1) / TILE_DIM, (rows + TILE_DIM - 1) / TILE_DIM);
  dim3 block(TILE_DIM, BLOCK_ROWS);
  transpose_shared<<<grid, block>>>(in, out, rows, cols);
  CUDA_CHECK(cudaGetLastError());
}
