// Reference rung 2: one warp per row ("CSR vector"), reduced with shuffles. The lab's speed reference: the
// performance case (131072 x 131072, 4M entries) grades a submission's time against this kernel's.
//
// Teaches: the warp as the unit of a row. Lane l takes the row's entries begin + l, begin + l + 32, ..., so
// each of the warp's loads of values and columns is 32 consecutive words: coalesced, 4 sectors where one thread
// per row (thread_per_row.cu) touches up to 32. Each lane keeps its own partial sum; __shfl_down_sync adds them
// in 5 steps (offsets 16, 8, 4, 2, 1), leaving the row's sum in lane 0, which alone writes y[r]. No shared
// memory, no __syncwarp(): the lanes exchange registers directly, and a shuffle with the full mask waits for
// all 32 (submissions/spmv/shared_sum_without_syncwarp.cu goes through shared memory and forgets to wait).
//
// The awkward rows: an empty row gives every lane no iteration and a sum of 0, which lane 0 still writes (y
// holds garbage: submissions/spmv/empty_rows_unwritten.cu skips it); the long row (nnz / 16 entries) is one
// warp's loop of nnz / 512 iterations, coalesced, and no lane waits for another within it. A warp whose row is
// past the end returns as a whole, before any shuffle, so the shuffles always have all 32 lanes. x is still
// gathered: x[columns[k]] lands wherever the columns point, and comes mostly from L2.
//
// Its problem, which subwarp_per_row.cu addresses: a row shorter than 32 entries leaves lanes idle. The
// performance case averages 32 entries a row, but its rows are log-normal: the median row has about 20, so
// most warps load fewer than 32 entries in their only iteration; on the tall cases (3 entries a row) 29 of 32
// lanes do nothing.
//
// Run: cudagrade check spmv reference/spmv/warp_per_row.cu
//      cudagrade bench spmv --size 131072,131072,4194304   (on a GPU: the ladder)
// Sizes: row_offsets holds rows + 1 ints, columns and values nnz entries, x cols floats, y rows floats;
// rows, cols, nnz >= 1.

#include "spmv.cuh"

namespace {

constexpr int kWarpsPerBlock = 8;
constexpr unsigned kFullMask = 0xffffffffu;

__global__ void spmv_warp_per_row(const int* __restrict__ row_offsets, const int* __restrict__ columns,
                                  const float* __restrict__ values, const float* __restrict__ x,
                                  float* __restrict__ y, int rows) {
    const int lane = threadIdx.x % 32;
    const int r = blockIdx.x * kWarpsPerBlock + threadIdx.x / 32;
    if (r >= rows) return;  // the same for all 32 lanes: the warp leaves whole
    const int begin = row_offsets[r], end = row_offsets[r + 1];

    float sum = 0.0f;
    for (int k = begin + lane; k < end; k += 32) sum += values[k] * x[columns[k]];
    for (int offset = 16; offset > 0; offset >>= 1) sum += __shfl_down_sync(kFullMask, sum, offset);

    if (lane == 0) y[r] = sum;  // empty rows included: their sum is 0
}

}  // namespace

void spmv(const int* row_offsets, const int* columns, const float* values, const float* x, float* y, int rows, int cols,
          int nnz) {
    (void)cols;
    (void)nnz;
    const int blocks = (rows - 1) / kWarpsPerBlock + 1;  // ceil(rows / 8), rows >= 1
    spmv_warp_per_row<<<blocks, kWarpsPerBlock * 32>>>(row_offsets, columns, values, x, y, rows);
}
