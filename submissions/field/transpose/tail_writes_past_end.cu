// cudagrade-expect: wrong_answer
// Mistake: the naive transpose with its bounds check on the input side only. Threads whose transposed
// index falls past the last row of out still store: the last tile writes past the end of out. On a GPU such
// a write corrupts what lies beyond the buffer or stops the kernel; the grader reports the index written.
#include "transpose.cuh"

__global__ void transpose_naive(const float* in, float* out, int rows, int cols) {
  const int c = blockIdx.x * 32 + threadIdx.x;
  const int r = blockIdx.y * 8 + threadIdx.y;
  const float v = (r < rows && c < cols) ? in[r * cols + c] : 0.0f;
  if (c < cols) out[c * rows + r] = v;
}

void transpose(const float* in, float* out, int rows, int cols) {
  transpose_naive<<<dim3((cols + 31) / 32, (rows + 7) / 8), dim3(32, 8)>>>(in, out, rows, cols);
}
