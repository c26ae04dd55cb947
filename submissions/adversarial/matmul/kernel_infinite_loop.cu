// cudagrade-expect: timeout
// Threat: an endless loop in a kernel; the wall clock kills the process group.
#include "matmul.cuh"

__global__ void spin(float* C, int n) {
    volatile int forever = 1;
    while (forever) {}
    C[0] = n;
}

void matmul(const float*, const float*, float* C, int M, int, int) { spin<<<1, 1>>>(C, M); }
