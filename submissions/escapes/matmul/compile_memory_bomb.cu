// cudagrade-expect: rejected
// Threat: a compile that takes all the machine's memory. Nine levels of macros expand to a billion tokens:
// with no limit, cc1plus grew past 13 GB within minutes. Two defences meet it. First, the source policy
// reads the preprocessor's output (compile/preprocessed_policy.h), and a file whose preprocessing runs past
// 16 MiB is refused before the compiler proper starts: that is what decides here. Behind it, the student's
// compile runs under an address-space limit (4 GiB, core/confinement.h's compile_limits), so a compiler
// that still ran out of memory would stop within seconds with a compile error.
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
