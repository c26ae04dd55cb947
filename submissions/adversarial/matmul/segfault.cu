// cudagrade-expect: crashed
// Threat: a null-pointer write on the host.
#include "matmul.cuh"

__global__ void touch(float* C) { (void)C; }

void matmul(const float*, const float*, float* C, int, int, int) {
    // Conditional, so the compiler keeps the launch after it: the file does launch a kernel.
    if (C != nullptr) *static_cast<volatile int*>(nullptr) = 1;
    touch<<<1, 1>>>(C);
}
