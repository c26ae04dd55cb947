// cudagrade-expect: passed
// Style: device helpers whose parameters are named after the built-ins they are passed (threadIdx, blockIdx,
// blockDim), and a host function whose dim3 is called gridDim. nvcc builds it: a name shadows a built-in.
#include "transpose.cuh"

__device__ int column_of(dim3 blockIdx, dim3 blockDim, dim3 threadIdx) { return blockIdx.x * blockDim.x + threadIdx.x; }
__device__ int row_of(dim3 blockIdx, dim3 blockDim, dim3 threadIdx) { return blockIdx.y * blockDim.y + threadIdx.y; }

__global__ void naive_transpose(const float* in, float* out, int rows, int cols) {
  const int c = column_of(blockIdx, blockDim, threadIdx);
  const int r = row_of(blockIdx, blockDim, threadIdx);
  if (r < rows && c < cols) out[c * rows + r] = in[r * cols + c];
}

void transpose(const float* in, float* out, int rows, int cols) {
  const dim3 blockDim(32, 8);
  const dim3 gridDim((cols + blockDim.x - 1) / blockDim.x, (rows + blockDim.y - 1) / blockDim.y);
  naive_transpose<<<gridDim, blockDim>>>(in, out, rows, cols);
}
