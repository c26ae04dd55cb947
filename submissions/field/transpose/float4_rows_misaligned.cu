// cudagrade-expect: crashed
// Mistake: reading each input row as float4s, which is only aligned when cols is a multiple of 4. Row r
// starts at in + r * cols; for an odd number of columns, row 1's first float4 straddles a 16-byte boundary
// and the GPU stops the kernel with a misaligned address. The simulator names the misaligned access.
#include "transpose.cuh"

__global__ void transpose_rows_by_float4(const float* in, float* out, int rows, int cols) {
  const int r = blockIdx.y * blockDim.y + threadIdx.y;
  const int c4 = blockIdx.x * blockDim.x + threadIdx.x;
  if (r >= rows || c4 * 4 >= cols) return;
  const float4 v = *reinterpret_cast<const float4*>(in + static_cast<size_t>(r) * cols + c4 * 4);
  const float values[4] = {v.x, v.y, v.z, v.w};
  for (int k = 0; k < 4 && c4 * 4 + k < cols; ++k) out[static_cast<size_t>(c4 * 4 + k) * rows + r] = values[k];
}

void transpose(const float* in, float* out, int rows, int cols) {
  const dim3 block(8, 32);
  const dim3 grid((cols / 4 + 1 + block.x - 1) / block.x, (rows + block.y - 1) / block.y);
  transpose_rows_by_float4<<<grid, block>>>(in, out, rows, cols);
}
