// cudagrade-expect: timeout
// Threat: an endless loop in a kernel; the wall clock kills the process group. The loop polls device memory
// with an atomic (C starts as a NaN pattern, never 12345), so no compiler may assume it ends.
#include "matmul.cuh"

__global__ void spin(float* C) {
    int* word = reinterpret_cast<int*>(C);
    while (atomicAdd(word, 0) != 12345) {}
}

void matmul(const float*, const float*, float* C, int, int, int) { spin<<<1, 1>>>(C); }
