// Reference rung 1: one thread per row.
//
// Teaches: the algorithm, with nothing parallel inside a row. Thread r makes three passes over row r: the
// max m, the sum s of exp(x - m), then out = exp(x - m) / s. Subtracting m changes nothing mathematically (the
// factor exp(-m) cancels) and everything numerically: exp(x - m) is at most 1, so neither an element nor the
// sum can overflow, where expf(100) is inf (submissions/softmax/no_max_subtraction.cu).
//
// Its problems, which warp_per_row.cu fixes: the 32 lanes of a warp read 32 different rows, cols floats apart,
// so every load touches 32 sectors where 4 would do (`check --profile` and the efficiency case show 8 times
// the ideal); and a matrix of few rows leaves the GPU idle (one row of 100,000 columns is one thread).
//
// Run: cudagrade check softmax reference/softmax/thread_per_row.cu
//      cudagrade bench softmax --size 8192,4096   (on a GPU: the ladder)
// Sizes: in and out hold rows x cols float32, row-major; rows, cols >= 1.

#include "softmax.cuh"

#include <cmath>

namespace {

constexpr int kBlock = 128;

__global__ void softmax_thread_per_row(const float* __restrict__ in, float* __restrict__ out, int rows, int cols) {
    const int r = blockIdx.x * blockDim.x + threadIdx.x;
    if (r >= rows) return;
    const float* x = in + static_cast<size_t>(r) * cols;  // size_t: r * cols passes 2^31 in large matrices
    float* y = out + static_cast<size_t>(r) * cols;
    float m = -INFINITY;
    for (int c = 0; c < cols; ++c) m = fmaxf(m, x[c]);
    float s = 0.0f;
    for (int c = 0; c < cols; ++c) s += expf(x[c] - m);
    for (int c = 0; c < cols; ++c) y[c] = expf(x[c] - m) / s;
}

}  // namespace

void softmax(const float* in, float* out, int rows, int cols) {
    softmax_thread_per_row<<<(rows - 1) / kBlock + 1, kBlock>>>(in, out, rows, cols);
}
