// cudagrade-expect: passed
// Style: the "efficient matrix transpose" blog's coalesced kernel: __syncthreads() between the tile's
// load and its transposed store, the tile padded to 33 columns, an explicit size_t index for large matrices.
#include "transpose.cuh"

constexpr int kTile = 32;
constexpr int kRows = 8;

__global__ void transpose_coalesced(const float* __restrict__ in, float* __restrict__ out, int rows, int cols) {
  __shared__ float tile[kTile][kTile + 1];
  const int in_col = blockIdx.x * kTile + threadIdx.x;
  const int in_row = blockIdx.y * kTile + threadIdx.y;
#pragma unroll
  for (int j = 0; j < kTile; j += kRows) {
    if (in_col < cols && in_row + j < rows) {
      tile[threadIdx.y + j][threadIdx.x] = in[static_cast<size_t>(in_row + j) * cols + in_col];
    }
  }
  __syncthreads();
  const int out_col = blockIdx.y * kTile + threadIdx.x;
  const int out_row = blockIdx.x * kTile + threadIdx.y;
#pragma unroll
  for (int j = 0; j < kTile; j += kRows) {
    if (out_col < rows && out_row + j < cols) {
      out[static_cast<size_t>(out_row + j) * rows + out_col] = tile[threadIdx.x][threadIdx.y + j];
    }
  }
}

void transpose(const float* in, float* out, int rows, int cols) {
  const dim3 block(kTile, kRows);
  const dim3 grid((cols + kTile - 1) / kTile, (rows + kTile - 1) / kTile);
  transpose_coalesced<<<grid, block>>>(in, out, rows, cols);
}
