// cudagrade-expect: wrong_answer
// Mistake: one warp per row, right in every way but one: lane 0 writes y[row] only `if (end > begin)`,
// "an empty row has nothing to add". But y holds garbage on entry (the grader fills it with a NaN poison, as
// a second call on the same buffers would hold the first call's answers), so an empty row's y keeps it. About 5%
// of the rows are empty (999 of 1000 in the one-entry case), so nearly every case fails with wrong_answer, the
// grader saying "expected 0 (row 17 is empty, and must be written with 0)"; only the cases with no empty row
// pass (1 x 1, one or two rows, the full 33 x 33). Fix: write y[row] whatever the row's length; the sum of no
// entries is 0.
#include "spmv.cuh"

#define WARPS 4

__global__ void spmv_kernel(const int* row_offsets, const int* columns, const float* values, const float* x, float* y,
                            int rows) {
    int lane = threadIdx.x % 32;
    int row = blockIdx.x * WARPS + threadIdx.x / 32;
    if (row >= rows) return;
    int begin = row_offsets[row];
    int end = row_offsets[row + 1];

    float sum = 0.0f;
    for (int k = begin + lane; k < end; k += 32) sum += values[k] * x[columns[k]];
    for (int o = 16; o > 0; o /= 2) sum += __shfl_down_sync(0xffffffff, sum, o);

    if (lane == 0 && end > begin) y[row] = sum;  // BUG: an empty row's y is never written
}

void spmv(const int* row_offsets, const int* columns, const float* values, const float* x, float* y, int rows, int cols,
          int nnz) {
    spmv_kernel<<<(rows + WARPS - 1) / WARPS, WARPS * 32>>>(row_offsets, columns, values, x, y, rows);
}
