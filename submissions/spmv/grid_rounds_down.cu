// cudagrade-expect: wrong_answer
// Mistake: one thread per row, launched with rows / 128 blocks, rounded down ("1024 rows, 8 blocks": it was
// written for the square cases). When rows is not a multiple of 128 the last rows % 128 rows get no thread and
// y there is never written. The student met the one-row matrices first, where rows / 128 is 0 and the launch
// fails with cudaErrorInvalidConfiguration, and patched that with max(1, ...), which hides the bug for every
// rows below 128 (one block covers them) and nowhere else. The square cases pass (1024, 4096, 65536 and 131072
// rows are multiples of 128); 1000, 257, 100,003, 12,345 and the other ragged counts fail with wrong_answer,
// the grader naming the first unwritten element: y[896] of 1000 rows. Fix: (rows + 128 - 1) / 128
// blocks, the ceiling, with the kernel's `if (r < rows)` for the threads past the end.
#include "spmv.cuh"

#define BLOCK 128

__global__ void spmv_kernel(const int* row_offsets, const int* columns, const float* values, const float* x, float* y,
                            int rows) {
    int r = blockIdx.x * blockDim.x + threadIdx.x;
    if (r >= rows) return;
    float sum = 0.0f;
    for (int k = row_offsets[r]; k < row_offsets[r + 1]; ++k) sum += values[k] * x[columns[k]];
    y[r] = sum;
}

void spmv(const int* row_offsets, const int* columns, const float* values, const float* x, float* y, int rows, int cols,
          int nnz) {
    int blocks = rows / BLOCK;  // BUG: rounds down; the last rows % BLOCK rows get no thread
    if (blocks < 1) blocks = 1;
    spmv_kernel<<<blocks, BLOCK>>>(row_offsets, columns, values, x, y, rows);
}
