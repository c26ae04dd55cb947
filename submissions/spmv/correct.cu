// cudagrade-expect: passed
// A correct student solution: one warp per row, 4 warps a block. The lanes stride along the row's entries
// (coalesced loads of values and columns), each keeps a partial sum, and __shfl_down_sync adds the 32 partial
// sums into lane 0, which writes y[row], for an empty row too (its sum is 0). A warp whose row is past the end
// returns before any shuffle, as a whole. Every case passes, the one-entry matrix (999 empty rows) and the row
// of 50,000 entries included. It is the speed reference's plan (reference/spmv/warp_per_row.cu) with smaller
// blocks, so its time should be close to the reference's.
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

    if (lane == 0) y[row] = sum;
}

void spmv(const int* row_offsets, const int* columns, const float* values, const float* x, float* y, int rows, int cols,
          int nnz) {
    spmv_kernel<<<(rows + WARPS - 1) / WARPS, WARPS * 32>>>(row_offsets, columns, values, x, y, rows);
}
