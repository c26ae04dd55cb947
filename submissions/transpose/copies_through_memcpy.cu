// cudagrade-expect: passed
// Style: the uncoalesced transpose, its element moved with memcpy and a size the compiler cannot see (a
// byte-generic copy, as libraries write for any element type). CUDA's device code has memcpy, so this is
// correct; nvcc compiles a memcpy it cannot size to a loop of byte loads and stores, so on a GPU it is slower
// than the plain one (an H200: 18 / 25 against 19). The simulator once saw no kernel read the input (such a
// memcpy stays a C library call, out of -fsanitize=thread's sight) and called it host_compute, 0 points; it
// now checks and counts the call as the byte loads and stores it stands for (sim/checked_calls.h): 18 / 25.
#include "transpose.cuh"

#include <cstring>

// in is rows x cols, out is cols x rows, both row-major; `element` bytes each.
__global__ void transpose_kernel(const float* in, float* out, int rows, int cols, size_t element) {
    int r = blockIdx.x * blockDim.x + threadIdx.x;  // row of in: consecutive lanes, addresses cols apart
    int c = blockIdx.y * blockDim.y + threadIdx.y;
    if (r < rows && c < cols) memcpy(&out[c * rows + r], &in[r * cols + c], element);
}

void transpose(const float* in, float* out, int rows, int cols) {
    dim3 block(32, 8);
    dim3 grid((rows + 31) / 32, (cols + 7) / 8);
    transpose_kernel<<<grid, block>>>(in, out, rows, cols, sizeof(float));
}
