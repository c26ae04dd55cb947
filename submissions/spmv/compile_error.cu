// cudagrade-expect: compile_error
// A slip from old lecture notes: `__shfl_down(sum, o)`, the shuffle without a mask, instead of
// `__shfl_down_sync(0xffffffff, sum, o)`. The maskless shuffles were deprecated in CUDA 9 and are gone for
// sm_70 and later, so nvcc stops with
//     error: identifier "__shfl_down" is undefined
// and the grader reports compile_error for every case, showing the compiler's message with the line number.
// Nothing runs, so there is no partial credit.
#include "spmv.cuh"

#define WARPS 4

__global__ void spmv_kernel(const int* row_offsets, const int* columns, const float* values, const float* x, float* y,
                            int rows) {
    int lane = threadIdx.x % 32;
    int row = blockIdx.x * WARPS + threadIdx.x / 32;
    if (row >= rows) return;
    float sum = 0.0f;
    for (int k = row_offsets[row] + lane; k < row_offsets[row + 1]; k += 32) sum += values[k] * x[columns[k]];
    for (int o = 16; o > 0; o /= 2) sum += __shfl_down(sum, o);
    if (lane == 0) y[row] = sum;
}

void spmv(const int* row_offsets, const int* columns, const float* values, const float* x, float* y, int rows, int cols,
          int nnz) {
    spmv_kernel<<<(rows + WARPS - 1) / WARPS, WARPS * 32>>>(row_offsets, columns, values, x, y, rows);
}
