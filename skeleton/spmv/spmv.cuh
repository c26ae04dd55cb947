// The SpMV lab's fixed interface. Do not edit: the grader compiles your spmv.cu against this file.
#pragma once

// y = A x for a rows x cols sparse matrix A in CSR, float32: for every row r in [0, rows),
//     y[r] = sum over k in [row_offsets[r], row_offsets[r + 1]) of values[k] * x[columns[k]].
// row_offsets holds rows + 1 ints (row_offsets[0] = 0, row_offsets[rows] = nnz); columns and values hold nnz
// entries each, the columns of a row distinct and ascending in [0, cols); x holds cols floats, y rows floats.
// A row may be empty: its y[r] must still be written, with 0 (y holds garbage on entry). Only y may be
// written. All pointers are device memory; rows, cols, nnz >= 1. Launch your kernels on the default stream;
// do not allocate memory, synchronise or print inside spmv.
void spmv(const int* row_offsets, const int* columns, const float* values, const float* x, float* y, int rows, int cols, int nnz);
