// cudagrade-expect: passed
// Style: Ruetsch and Micikevicius' diagonal block reordering, against partition camping: for a square grid
// of tiles, block (x, y) works on tile ((x + y) mod n, x). A rectangular grid keeps the plain order.
#include "transpose.cuh"

#define TILE 32
#define ROWS 8

__global__ void transpose_diagonal(float* out, const float* in, int rows, int cols) {
  __shared__ float tile[TILE][TILE + 1];
  int bx = blockIdx.x, by = blockIdx.y;
  if (gridDim.x == gridDim.y) {
    by = blockIdx.x;
    bx = (blockIdx.x + blockIdx.y) % gridDim.x;
  }
  int x = bx * TILE + threadIdx.x;
  int y = by * TILE + threadIdx.y;
  for (int j = 0; j < TILE; j += ROWS) {
    if (x < cols && y + j < rows) tile[threadIdx.y + j][threadIdx.x] = in[(y + j) * cols + x];
  }
  __syncthreads();
  x = by * TILE + threadIdx.x;
  y = bx * TILE + threadIdx.y;
  for (int j = 0; j < TILE; j += ROWS) {
    if (x < rows && y + j < cols) out[(y + j) * rows + x] = tile[threadIdx.x][threadIdx.y + j];
  }
}

void transpose(const float* in, float* out, int rows, int cols) {
  dim3 grid((cols + TILE - 1) / TILE, (rows + TILE - 1) / TILE);
  transpose_diagonal<<<grid, dim3(TILE, ROWS)>>>(out, in, rows, cols);
}
