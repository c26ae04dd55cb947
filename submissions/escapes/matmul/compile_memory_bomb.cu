// cudagrade-expect: compile_error
// Threat: a compile that takes all the machine's memory. Nine levels of macros expand to a billion tokens:
// with no limit, cc1plus grew past 13 GB within minutes. The student's compile runs under an address-space
// limit (4 GiB, core/confinement.h's compile_limits), so the compiler reports that it ran out of memory
// within seconds, and the file has a compile error like any other.
#include "matmul.cuh"

#define E1 x + x + x + x + x + x + x + x + x + x
#define E2 E1 + E1 + E1 + E1 + E1 + E1 + E1 + E1 + E1 + E1
#define E3 E2 + E2 + E2 + E2 + E2 + E2 + E2 + E2 + E2 + E2
#define E4 E3 + E3 + E3 + E3 + E3 + E3 + E3 + E3 + E3 + E3
#define E5 E4 + E4 + E4 + E4 + E4 + E4 + E4 + E4 + E4 + E4
#define E6 E5 + E5 + E5 + E5 + E5 + E5 + E5 + E5 + E5 + E5
#define E7 E6 + E6 + E6 + E6 + E6 + E6 + E6 + E6 + E6 + E6
#define E8 E7 + E7 + E7 + E7 + E7 + E7 + E7 + E7 + E7 + E7
#define E9 E8 + E8 + E8 + E8 + E8 + E8 + E8 + E8 + E8 + E8

int weight(int x) { return E9; }

__global__ void touch(float* C) { C[0] = 0.0f; }

void matmul(const float*, const float*, float* C, int, int, int) {
    touch<<<1, 1>>>(C);
}
