// Reference rung 1: the naive transpose, rows read, columns written.
//
// Teaches: coalescing. One thread moves one element. threadIdx.x walks the columns of in, so a warp
// reads 32 consecutive floats of one row (128 bytes: 4 sectors, ideal), but writes them down a column
// of out, 32 floats `rows` apart: 32 sectors for the same 128 bytes, 8x the write traffic. It is
// correct for every shape and typically runs at a fraction of copy bandwidth.
//
// Run: cudagrade check transpose reference/transpose/naive.cu --backend sim --profile
//      (the profile shows the store at 32 sectors per request against an ideal of 4)
// Shapes: in is rows x cols, out is cols x rows, row-major float32 in device memory; any rows, cols >= 1.

#include "transpose.cuh"

#include <cuda_runtime.h>

namespace {

constexpr int BLOCK = 32;

__global__ void transpose_naive_kernel(const float* __restrict__ in, float* __restrict__ out, int rows, int cols) {
    const int col = blockIdx.x * BLOCK + threadIdx.x;  // of in: consecutive lanes, consecutive addresses
    const int row = blockIdx.y * blockDim.y + threadIdx.y;
    if (row >= rows || col >= cols) return;
    out[(size_t)col * rows + row] = in[(size_t)row * cols + col];  // the store strides by `rows`: uncoalesced
}

}  // namespace

void transpose(const float* in, float* out, int rows, int cols) {
    const dim3 block(BLOCK, 8);
    const dim3 grid((cols + BLOCK - 1) / BLOCK, (rows + 7) / 8);
    transpose_naive_kernel<<<grid, block>>>(in, out, rows, cols);
}
