// cudagrade-expect: timeout
// Threat: an endless loop on the host; the wall clock kills the process group.
#include "matmul.cuh"

__global__ void touch(float* C) { (void)C; }

void matmul(const float*, const float*, float* C, int, int, int) {
    volatile int spin = 1;
    while (spin) {}
    touch<<<1, 1>>>(C);
}
