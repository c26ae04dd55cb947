// cudagrade-expect: wrong_answer
// Threat: 64 MiB to stdout: the grader keeps the first 256 KiB and counts the rest; nothing is computed.
#include "matmul.cuh"
#include <cstdio>

__global__ void touch(float* C) { (void)C; }

void matmul(const float*, const float*, float* C, int, int, int) {
    static char line[4096];
    for (int i = 0; i < 4095; ++i) line[i] = 'x';
    for (int i = 0; i < 16384; ++i) std::fputs(line, stdout);
    touch<<<1, 1>>>(C);
}
