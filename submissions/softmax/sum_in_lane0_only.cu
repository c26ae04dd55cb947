// cudagrade-expect: wrong_answer
// Mistake: the warp reductions copied from the reduction lecture, with __shfl_down_sync. A shfl_down tree
// leaves the warp's total in lane 0 only: lane l ends with a mix of lanes l and up, and where l + offset
// passes 31 shfl_down returns the lane's own value, which the sum then adds twice. That was enough in the
// reduction lab, where lane 0 alone wrote the result; here every lane writes its own elements, using its own partial max and partial sum. Lane 0's
// elements are right and every other lane's are wrong: in the grader's words, "out[row 0, col 1]: expected
// ..., got ... (N times the right value: the max or the sum used for this element is not the whole row's?)".
// Only rows of one column pass (lane 0 alone has an element), and the row of two by luck of its data (its
// larger element is so much the larger that its softmax is 1 to within the tolerance). Fix: __shfl_xor_sync (a butterfly: every lane
// ends with the total), or broadcast lane 0's results with __shfl_sync(mask, v, 0).
#include "softmax.cuh"

#include <cmath>

#define WARPS 4

__global__ void softmax_kernel(const float* in, float* out, int rows, int cols) {
    int lane = threadIdx.x % 32;
    int row = blockIdx.x * WARPS + threadIdx.x / 32;
    if (row >= rows) return;
    const float* x = in + (size_t)row * cols;
    float* y = out + (size_t)row * cols;

    float m = -INFINITY;
    for (int c = lane; c < cols; c += 32) m = fmaxf(m, x[c]);
    for (int o = 16; o > 0; o /= 2) m = fmaxf(m, __shfl_down_sync(0xffffffff, m, o));  // BUG: only lane 0 has it

    float s = 0.0f;
    for (int c = lane; c < cols; c += 32) s += expf(x[c] - m);
    for (int o = 16; o > 0; o /= 2) s += __shfl_down_sync(0xffffffff, s, o);  // BUG: only lane 0 has it

    for (int c = lane; c < cols; c += 32) y[c] = expf(x[c] - m) / s;
}

void softmax(const float* in, float* out, int rows, int cols) {
    softmax_kernel<<<(rows + WARPS - 1) / WARPS, WARPS * 32>>>(in, out, rows, cols);
}
