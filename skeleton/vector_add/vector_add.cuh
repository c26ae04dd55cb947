// The vector_add lab's fixed interface. Do not edit: the grader compiles your vector_add.cu against this file.
#pragma once

// C[i] = A[i] + B[i] for i in [0, n) (float32). A and B are inputs of n floats and must not be modified; C is
// the output, n floats. All pointers are device memory; n >= 1. Launch your kernels on the default stream; do
// not allocate memory, synchronise or print inside vector_add.
void vector_add(const float* A, const float* B, float* C, int n);
