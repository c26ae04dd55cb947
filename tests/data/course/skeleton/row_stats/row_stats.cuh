// The row_stats lab's fixed interface. Do not edit: the grader compiles your row_stats.cu against this file.
#pragma once

#include <cstdint>

// For each row r of `pixels`, a rows x cols 8-bit image (row-major, device memory, must not be modified):
//   mean[r]      the mean of the row's pixels, in double precision;
//   sum_sq[r]    the sum of the squares of its pixels (past 2^31 for rows longer than about 33,000 pixels);
//   brightest[r] its largest pixel.
// rows, cols >= 1. Launch your kernels on the default stream; do not allocate memory, synchronise or print.
void row_stats(const uint8_t* pixels, double* mean, int64_t* sum_sq, uint8_t* brightest, int rows, int cols);
