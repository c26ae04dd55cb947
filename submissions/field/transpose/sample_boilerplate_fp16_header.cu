// cudagrade-expect: passed
// Style: the boilerplate at the top of NVIDIA's samples and of many course templates, which includes
// <cuda_fp16.h> and <cuda_bf16.h> beside the runtime's headers whether or not the kernel uses half precision.
// This kernel is plain fp32 (the blog's coalesced transpose), and names a variable `half`, which is legal beside
// the header's type. nvcc builds it; until 2026-11-29 the simulator called the file `unsupported` for the
// header's name alone, so a correct file got nothing without a GPU.
#include <cuda_runtime.h>
#include <cuda_fp16.h>
#include <cuda_bf16.h>
#include <device_launch_parameters.h>

#include "transpose.cuh"

constexpr int kTile = 32;
constexpr int kRows = 8;

__global__ void transpose_coalesced(const float* __restrict__ in, float* __restrict__ out, int rows, int cols) {
  __shared__ float tile[kTile][kTile + 1];
  const int in_col = blockIdx.x * kTile + threadIdx.x;
  const int in_row = blockIdx.y * kTile + threadIdx.y;
  for (int j = 0; j < kTile; j += kRows) {
    if (in_col < cols && in_row + j < rows) {
      tile[threadIdx.y + j][threadIdx.x] = in[static_cast<size_t>(in_row + j) * cols + in_col];
    }
  }
  __syncthreads();
  const int out_col = blockIdx.y * kTile + threadIdx.x;
  const int out_row = blockIdx.x * kTile + threadIdx.y;
  for (int j = 0; j < kTile; j += kRows) {
    if (out_col < rows && out_row + j < cols) {
      out[static_cast<size_t>(out_row + j) * rows + out_col] = tile[threadIdx.x][threadIdx.y + j];
    }
  }
}

void transpose(const float* in, float* out, int rows, int cols) {
  const int half = kTile / 2;
  const dim3 block(kTile, kRows);
  const dim3 grid((cols + 2 * half - 1) / kTile, (rows + 2 * half - 1) / kTile);
  transpose_coalesced<<<grid, block>>>(in, out, rows, cols);
}
