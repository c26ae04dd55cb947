// cudagrade-expect: wrong_answer
// Mistake: softmax as the formula reads, exp(x) / sum exp(x), without subtracting the row's max. It is the
// same function on paper (exp(-max) cancels), but not in float: expf(x) is inf for x above about 88.7, and the
// inputs reach 100, so in almost every row some element is inf, the sum is inf, and inf / inf is NaN (the
// other elements come out as 0). Only rows whose every element stays below 88.7 pass: here the 1 x 1 and
// 1 x 2 cases. A test with inputs in [-1, 1] never shows it; real logits do. The grader says wrong_answer,
// noting that exp overflows in that row. Fix: m = the row's max, then expf(x - m): at most 1, and the sum at most cols.
#include "softmax.cuh"

#include <cmath>

#define WARPS 4

__global__ void softmax_kernel(const float* in, float* out, int rows, int cols) {
    int lane = threadIdx.x % 32;
    int row = blockIdx.x * WARPS + threadIdx.x / 32;
    if (row >= rows) return;
    const float* x = in + (size_t)row * cols;
    float* y = out + (size_t)row * cols;

    float s = 0.0f;
    for (int c = lane; c < cols; c += 32) s += expf(x[c]);  // BUG: expf(100) is inf
    for (int o = 16; o > 0; o /= 2) s += __shfl_xor_sync(0xffffffff, s, o);

    for (int c = lane; c < cols; c += 32) y[c] = expf(x[c]) / s;
}

void softmax(const float* in, float* out, int rows, int cols) {
    softmax_kernel<<<(rows + WARPS - 1) / WARPS, WARPS * 32>>>(in, out, rows, cols);
}
