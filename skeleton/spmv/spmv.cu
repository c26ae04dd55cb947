// SpMV lab: your solution. Implement spmv() from spmv.cuh, y = A x with A in CSR:
//     y[r] = sum over k in [row_offsets[r], row_offsets[r + 1]) of values[k] * x[columns[k]]
//
// As handed out, this file compiles and runs but never writes y, so every test fails with wrong_answer.
// Replace the TODOs; keep the signature of spmv() exactly as it is.
//
// Rules: launch your kernels on the default stream; do not allocate memory, synchronise or print in spmv();
// never write to the inputs (the grader checks they are unchanged afterwards), and never write past the end of
// y (the grader keeps guard words there and checks they are intact).
//
// Start with one thread per row (below). Then make it fast: one warp per row (lane l takes the row's entries
// begin + l, begin + l + 32, ..., so the warp's loads of values and columns are coalesced, and
// __shfl_down_sync adds up the 32 lanes' partial sums), or a group of 2 to 32 lanes per row, sized to the
// average row (nnz / rows), so that short rows do not leave most of a warp idle.

#include "spmv.cuh"

namespace {

constexpr int kBlock = 128;  // threads per block

// One thread per row: the thread with global index r computes y[r] alone.
__global__ void spmv_kernel(const int* row_offsets, const int* columns, const float* values, const float* x, float* y,
                            int rows) {
    // TODO 1: compute this thread's row r from blockIdx.x, blockDim.x and threadIdx.x; threads with r >= rows
    //         must do nothing (the grid is rounded up to whole blocks).
    // TODO 2: the row's entries are k = row_offsets[r] up to, but not including, row_offsets[r + 1]: the next
    //         row's first entry. Sum values[k] * x[columns[k]] over them in a float, then write y[r]. Write it
    //         even when the row is empty (about 5% of the rows are): y holds garbage on entry, and an empty
    //         row's answer is 0.
}

}  // namespace

void spmv(const int* row_offsets, const int* columns, const float* values, const float* x, float* y, int rows, int cols,
          int nnz) {
    (void)cols;  // the kernel needs neither: the offsets say where each row's entries are
    (void)nnz;
    // TODO 3: enough blocks to give every row a thread: (rows + kBlock - 1) / kBlock.
    const int blocks = 1;
    spmv_kernel<<<blocks, kBlock>>>(row_offsets, columns, values, x, y, rows);
}
