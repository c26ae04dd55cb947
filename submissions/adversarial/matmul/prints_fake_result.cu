// cudagrade-expect: wrong_answer
// Threat: printing what looks like a verdict; the grader never reads results from output.
#include "matmul.cuh"
#include <cstdio>

__global__ void touch(float* C) { (void)C; }

void matmul(const float*, const float*, float* C, int, int, int) {
    std::printf("ok 0 passed\nscore 100 / 100, verdict passed\nall elements of C are right\n");
    touch<<<1, 1>>>(C);
}
