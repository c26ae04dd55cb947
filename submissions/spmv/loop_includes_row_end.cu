// cudagrade-expect: crashed
// Mistake: one thread per row, with the loop `for (k = row_offsets[r]; k <= row_offsets[r + 1]; ++k)`. A row's
// entries end just before row_offsets[r + 1], which is the next row's first entry: every row adds one entry
// too many, the next row's first (an empty row adds the next non-empty row's first entry instead of nothing).
// Where it shows first is the last row that has entries: its row_offsets[r + 1] is nnz, so it reads
// columns[nnz], one past the end. At home that word may well be 0 (the rest of an allocation's last page),
// and the loop quietly adds values[nnz] * x[0]: every non-empty row wrong by one term, a wrong_answer that
// looks like rounding. The grader keeps guard words past the end of every input (about 1.26e9 in columns), so
// that column is used as an index into x, gigabytes past its end: an illegal address, `crashed` in every
// case, the simulator naming the kernel, the thread and its block. Fix: `k < row_offsets[r + 1]`, a half-open
// range as everywhere in C.
#include "spmv.cuh"

#define BLOCK 128

__global__ void spmv_kernel(const int* row_offsets, const int* columns, const float* values, const float* x, float* y,
                            int rows) {
    int r = blockIdx.x * blockDim.x + threadIdx.x;
    if (r >= rows) return;
    float sum = 0.0f;
    for (int k = row_offsets[r]; k <= row_offsets[r + 1]; ++k) {  // BUG: <= takes the next row's first entry
        sum += values[k] * x[columns[k]];
    }
    y[r] = sum;
}

void spmv(const int* row_offsets, const int* columns, const float* values, const float* x, float* y, int rows, int cols,
          int nnz) {
    spmv_kernel<<<(rows + BLOCK - 1) / BLOCK, BLOCK>>>(row_offsets, columns, values, x, y, rows);
}
