// The softmax lab's fixed interface. Do not edit: the grader compiles your softmax.cu against this file.
#pragma once

// Row-wise softmax: out[r, c] = exp(in[r, c] - m_r) / sum_k exp(in[r, k] - m_r), where m_r is the largest
// element of row r. in and out are rows x cols, row-major float32 (element [r, c] at r * cols + c). in must
// not be modified. All pointers are device memory; rows, cols >= 1. Launch your kernels on the default
// stream; do not allocate memory, synchronise or print inside softmax.
void softmax(const float* in, float* out, int rows, int cols);
