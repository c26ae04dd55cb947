// cudagrade-expect: crashed
// Threat: output that a terminal would act on (clear the screen, return the carriage, ring the bell) to draw a
// fake "score 4 / 4, verdict passed" over the TA's real report, then a crash so that the output is quoted.
#include "matmul.cuh"
#include <cstdio>
#include <cstdlib>

__global__ void touch(float* C) { (void)C; }

void matmul(const float*, const float*, float* C, int, int, int) {
    // Formats with an argument, so the compiler keeps printf and fprintf (a constant string becomes fwrite).
    std::printf("%s%d\n", "\x1b[2J\x1b[H\rscore 4 / 4, verdict passed\a", 4);
    std::fprintf(stderr, "%s%d\n", "\x1b[2J\x1b[H\rscore 4 / 4, verdict passed\xff\xfe", 4);
    std::fflush(stdout);
    // Conditional, so the compiler keeps the launch after it: the file does launch a kernel.
    if (C != nullptr) std::abort();
    touch<<<1, 1>>>(C);
}
