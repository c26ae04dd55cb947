// cudagrade-expect: wrong_answer
// Mistake: one warp per row, each lane taking a contiguous piece of cols / 32 elements ("lane l owns
// elements l * per_lane to (l + 1) * per_lane"). When cols is not a multiple of 32, the last cols % 32 elements
// of every row belong to no lane: they are left out of the max and the sum and never written. Rows narrower
// than 32 have per_lane = 0: nothing is written at all. Widths that are multiples of 32 pass (the square
// cases, 1 x 100,000, and the performance cases); every other width fails with wrong_answer, the grader
// counting the tail elements never written (and, where the tail held one of the row's larger elements, the
// others off by the sum's missing share). The pieces are also uncoalesced (lane l reads per_lane floats away
// from lane l + 1): the coalescing case measures 8 times the ideal sectors, as for one thread per row. Fix: let
// the lanes stride, `for (c = lane; c < cols; c += 32)`: coalesced, and every element has a lane, whatever cols is.
#include "softmax.cuh"

#include <cmath>

#define WARPS 4

__global__ void softmax_kernel(const float* in, float* out, int rows, int cols) {
    int lane = threadIdx.x % 32;
    int row = blockIdx.x * WARPS + threadIdx.x / 32;
    if (row >= rows) return;
    const float* x = in + (size_t)row * cols;
    float* y = out + (size_t)row * cols;
    int per_lane = cols / 32;  // BUG: rounds down; the last cols % 32 elements belong to no lane
    int first = lane * per_lane;

    float m = -INFINITY;
    for (int c = first; c < first + per_lane; ++c) m = fmaxf(m, x[c]);
    for (int o = 16; o > 0; o /= 2) m = fmaxf(m, __shfl_xor_sync(0xffffffff, m, o));

    float s = 0.0f;
    for (int c = first; c < first + per_lane; ++c) s += expf(x[c] - m);
    for (int o = 16; o > 0; o /= 2) s += __shfl_xor_sync(0xffffffff, s, o);

    for (int c = first; c < first + per_lane; ++c) y[c] = expf(x[c] - m) / s;
}

void softmax(const float* in, float* out, int rows, int cols) {
    softmax_kernel<<<(rows + WARPS - 1) / WARPS, WARPS * 32>>>(in, out, rows, cols);
}
