// cudagrade-expect: passed
// Style: a __host__ __device__ index helper that branches on __CUDA_ARCH__ (a fast device path, a checked
// host path), and host code whose `#ifndef __CUDA_ARCH__` guards a host-only assertion, as portable
// libraries write them. nvcc compiles the device branch in device code and the host branch in host code.
#include "transpose.cuh"

#include <cassert>

__host__ __device__ inline size_t at(int row, int col, int width) {
#ifdef __CUDA_ARCH__
  return __umul24(row, width) + col;
#else
  assert(row >= 0 && col >= 0 && col < width);
  return static_cast<size_t>(row) * width + col;
#endif
}

__global__ void transpose_tiled(const float* in, float* out, int rows, int cols) {
  __shared__ float tile[16][17];
  const int c = blockIdx.x * 16 + threadIdx.x, r = blockIdx.y * 16 + threadIdx.y;
  if (r < rows && c < cols) tile[threadIdx.y][threadIdx.x] = in[at(r, c, cols)];
  __syncthreads();
  const int oc = blockIdx.y * 16 + threadIdx.x, orow = blockIdx.x * 16 + threadIdx.y;
  if (orow < cols && oc < rows) out[at(orow, oc, rows)] = tile[threadIdx.x][threadIdx.y];
}

void transpose(const float* in, float* out, int rows, int cols) {
#ifndef __CUDA_ARCH__
  assert(at(1, 2, 3) == 5);
#endif
  transpose_tiled<<<dim3((cols + 15) / 16, (rows + 15) / 16), dim3(16, 16)>>>(in, out, rows, cols);
}
