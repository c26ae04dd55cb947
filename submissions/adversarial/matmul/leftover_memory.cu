// cudagrade-expect: wrong_answer
// Threat: a kernel that returns whatever an earlier run left in C's memory; outputs are poisoned before every call.
#include "matmul.cuh"

__global__ void keep(float* C, int n) { if (n < 0) C[0] = 0; }

void matmul(const float*, const float*, float* C, int M, int, int N) { keep<<<1, 1>>>(C, M * N); }
