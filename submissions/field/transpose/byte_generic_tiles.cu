// cudagrade-expect: passed
// Style: a tiled transpose written once for every element type, moving bytes with memcpy and a size known
// only at run time, through a shared-memory tile, with the barrier between the tile's load and its store.
// CUDA's device code has memcpy; nvcc compiles one it cannot size to a loop of byte loads and stores. In the
// simulator such a memcpy stays a C library call, which the join routes through the race checker and the
// counter (sim/checked_calls.h): this file is race-checked as the plain tiled kernel is, and counted as byte
// accesses, as the GPU runs it.
#include "transpose.cuh"

#include <cstring>

constexpr int kTile = 32;
constexpr int kRows = 8;
constexpr int kMostElementBytes = 8;

// in is rows x cols, out is cols x rows, both row-major, `element` bytes each (at most kMostElementBytes).
__global__ void transpose_bytes(const char* in, char* out, int rows, int cols, size_t element) {
  __shared__ char tile[kTile][kTile + 1][kMostElementBytes];
  const int in_col = blockIdx.x * kTile + threadIdx.x;
  const int in_row = blockIdx.y * kTile + threadIdx.y;
  for (int j = 0; j < kTile; j += kRows) {
    if (in_col < cols && in_row + j < rows) {
      memcpy(tile[threadIdx.y + j][threadIdx.x], in + (static_cast<size_t>(in_row + j) * cols + in_col) * element,
             element);
    }
  }
  __syncthreads();
  const int out_col = blockIdx.y * kTile + threadIdx.x;
  const int out_row = blockIdx.x * kTile + threadIdx.y;
  for (int j = 0; j < kTile; j += kRows) {
    if (out_col < rows && out_row + j < cols) {
      memcpy(out + (static_cast<size_t>(out_row + j) * rows + out_col) * element, tile[threadIdx.x][threadIdx.y + j],
             element);
    }
  }
}

void transpose(const float* in, float* out, int rows, int cols) {
  dim3 block(kTile, kRows);
  dim3 grid((cols + kTile - 1) / kTile, (rows + kTile - 1) / kTile);
  transpose_bytes<<<grid, block>>>(reinterpret_cast<const char*>(in), reinterpret_cast<char*>(out), rows, cols,
                                   sizeof(float));
}
