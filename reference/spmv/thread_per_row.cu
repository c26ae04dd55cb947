// Reference rung 1: one thread per row ("CSR scalar").
//
// Teaches: the algorithm, with nothing parallel inside a row. Thread r walks its row's entries, k from
// row_offsets[r] up to row_offsets[r + 1] (the next row's first entry, not included), and adds
// values[k] * x[columns[k]]. An empty row runs no iteration and writes 0: y holds garbage on entry, so every
// row is written, whatever its length.
//
// Its problems, which warp_per_row.cu fixes: the 32 lanes of a warp read 32 different rows, so a warp's load
// of values[k] touches up to 32 sectors where a row's entries side by side would fill 4; and a warp is as slow
// as its longest row: the lab's long row (nnz / 16 entries, 131,072 in the performance case) keeps one lane
// busy for its whole length while the other 31 lanes of its warp, and soon the rest of the GPU, wait idle.
//
// Run: cudagrade check spmv reference/spmv/thread_per_row.cu
//      cudagrade bench spmv --size 131072,131072,4194304   (on a GPU: the ladder)
// Sizes: row_offsets holds rows + 1 ints, columns and values nnz entries, x cols floats, y rows floats;
// rows, cols, nnz >= 1.

#include "spmv.cuh"

namespace {

constexpr int kBlock = 128;

__global__ void spmv_thread_per_row(const int* __restrict__ row_offsets, const int* __restrict__ columns,
                                    const float* __restrict__ values, const float* __restrict__ x,
                                    float* __restrict__ y, int rows) {
    const int r = blockIdx.x * blockDim.x + threadIdx.x;
    if (r >= rows) return;
    const int begin = row_offsets[r], end = row_offsets[r + 1];  // nnz < 2^31: ints suffice
    float sum = 0.0f;
    for (int k = begin; k < end; ++k) sum += values[k] * x[columns[k]];
    y[r] = sum;
}

}  // namespace

void spmv(const int* row_offsets, const int* columns, const float* values, const float* x, float* y, int rows, int cols,
          int nnz) {
    (void)cols;
    (void)nnz;
    spmv_thread_per_row<<<(rows - 1) / kBlock + 1, kBlock>>>(row_offsets, columns, values, x, y, rows);
}
