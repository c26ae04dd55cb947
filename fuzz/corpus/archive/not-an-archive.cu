#include "matmul.cuh"
__global__ void matmul_kernel() {}
