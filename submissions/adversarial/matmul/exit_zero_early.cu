// cudagrade-expect: crashed
// Threat: exit(0) before the harness checks: a runner that ends without answering has crashed.
#include "matmul.cuh"
#include <cstdlib>

__global__ void touch(float* C) { (void)C; }

void matmul(const float*, const float*, float* C, int, int, int) {
    // Conditional, so the compiler keeps the launch after it: the file does launch a kernel.
    if (C != nullptr) std::exit(0);
    touch<<<1, 1>>>(C);
}
