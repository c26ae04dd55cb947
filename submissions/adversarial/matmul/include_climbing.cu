// cudagrade-expect: rejected
// Threat: #include climbing out with .. to copy a classmate's work.
#include "matmul.cuh"
#include "../../students/2026000001/matmul.cu"
