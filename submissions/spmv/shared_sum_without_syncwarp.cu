// cudagrade-expect: race
// Mistake: one warp per row, whose lanes add up their partial sums through shared memory instead of shuffles:
// each lane writes its sum to partial[warp][lane], then lane 0 reads the 32 words and adds them, with no
// __syncwarp() between, "the lanes of a warp run in lockstep". Since Volta (sm_70) they do not have to: lanes
// are scheduled independently, so lane 0 may read partial[warp][5] before lane 5 has written it, and add
// whatever the word held (the previous row's partial sum, or the NaN bytes the simulator fills shared memory
// with). On a GPU it usually comes out right, and sometimes not. The simulator reports the race in every case:
// the shared array, the line that writes it, the line that reads it, and the barrier to add. Fix:
// __syncwarp() between the write and the read, or no shared memory at all: __shfl_down_sync(0xffffffff, sum, o)
// for o = 16, 8, 4, 2, 1 (reference/spmv/warp_per_row.cu).
#include "spmv.cuh"

#define WARPS 4

__global__ void spmv_kernel(const int* row_offsets, const int* columns, const float* values, const float* x, float* y,
                            int rows) {
    __shared__ float partial[WARPS][32];
    int lane = threadIdx.x % 32;
    int warp = threadIdx.x / 32;
    int row = blockIdx.x * WARPS + warp;
    if (row >= rows) return;
    int begin = row_offsets[row];
    int end = row_offsets[row + 1];

    float sum = 0.0f;
    for (int k = begin + lane; k < end; k += 32) sum += values[k] * x[columns[k]];
    partial[warp][lane] = sum;
    // BUG: no __syncwarp(): lane 0 may read the other lanes' words before they are written
    if (lane == 0) {
        float total = 0.0f;
        for (int l = 0; l < 32; ++l) total += partial[warp][l];
        y[row] = total;
    }
}

void spmv(const int* row_offsets, const int* columns, const float* values, const float* x, float* y, int rows, int cols,
          int nnz) {
    spmv_kernel<<<(rows + WARPS - 1) / WARPS, WARPS * 32>>>(row_offsets, columns, values, x, y, rows);
}
