// cudagrade-expect: wrong_answer
// Mistake: a correct transpose whose grid is rounded up to whole blocks of 256, and whose guard lets the
// two threads just past the end store one element each past out's last element (index rows * cols,
// "one more for the terminator"). The transpose itself is right; the write past the end is the bug, and
// every lab reports it as such, whatever else the two threads did.
#include "transpose.cuh"

__global__ void transpose_flat(const float* in, float* out, int rows, int cols) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  const int count = rows * cols;
  if (i < count) {
    const int r = i / cols, c = i % cols;
    out[c * rows + r] = in[i];
  } else if (i <= count + 1) {
    out[count] = 0.0f;
  }
}

void transpose(const float* in, float* out, int rows, int cols) {
  const int count = rows * cols;
  transpose_flat<<<(count + 2 + 255) / 256, 256>>>(in, out, rows, cols);
}
