// Reference rung 2: one warp per row, reduced with shuffles. The lab's speed reference: the performance case
// 8192 x 4096 grades a submission's time against this kernel's.
//
// Teaches: the warp as the unit of a row. Lane l of the warp takes the row's elements l, l + 32, l + 64, ...,
// so each of the warp's loads is 32 consecutive floats: coalesced, 4 sectors. Each lane keeps its own max and
// sum; __shfl_xor_sync combines them in 5 steps (offsets 16, 8, 4, 2, 1), and with xor (a butterfly), unlike
// __shfl_down_sync, every lane ends with the whole row's value, so every lane can use it to write its elements
// (submissions/softmax/sum_in_lane0_only.cu is the shfl_down version). No shared memory, no __syncthreads():
// a warp's lanes exchange registers directly. A block of 8 warps does 8 rows; a warp whose row is past the
// end returns as a whole, so the shuffles (full mask) always have all 32 lanes.
//
// Its problem, which block_per_row.cu addresses: a very long row (100,000 columns) is 3,000 iterations of
// one warp, while a matrix of few such rows leaves most of the GPU idle. And every rung here reads the row
// three times (max, sum, write); the second and third reads usually come from L2 for rows that fit in it.
//
// Run: cudagrade check softmax reference/softmax/warp_per_row.cu
//      cudagrade bench softmax --size 8192,4096   (on a GPU: the ladder)
// Sizes: in and out hold rows x cols float32, row-major; rows, cols >= 1.

#include "softmax.cuh"

#include <cmath>

namespace {

constexpr int kWarpsPerBlock = 8;
constexpr unsigned kFullMask = 0xffffffffu;

__device__ float warp_max(float v) {
    for (int offset = 16; offset > 0; offset >>= 1) v = fmaxf(v, __shfl_xor_sync(kFullMask, v, offset));
    return v;
}

__device__ float warp_sum(float v) {
    for (int offset = 16; offset > 0; offset >>= 1) v += __shfl_xor_sync(kFullMask, v, offset);
    return v;
}

__global__ void softmax_warp_per_row(const float* __restrict__ in, float* __restrict__ out, int rows, int cols) {
    const int lane = threadIdx.x % 32;
    const int r = blockIdx.x * kWarpsPerBlock + threadIdx.x / 32;
    if (r >= rows) return;  // the same for all 32 lanes: the warp leaves whole
    const float* x = in + static_cast<size_t>(r) * cols;
    float* y = out + static_cast<size_t>(r) * cols;

    float m = -INFINITY;  // a lane with no element (cols < 32) keeps -inf: the identity of max
    for (int c = lane; c < cols; c += 32) m = fmaxf(m, x[c]);
    m = warp_max(m);

    float s = 0.0f;
    for (int c = lane; c < cols; c += 32) s += expf(x[c] - m);
    s = warp_sum(s);

    for (int c = lane; c < cols; c += 32) y[c] = expf(x[c] - m) / s;
}

}  // namespace

void softmax(const float* in, float* out, int rows, int cols) {
    const int blocks = (rows - 1) / kWarpsPerBlock + 1;  // ceil(rows / 8), rows >= 1
    softmax_warp_per_row<<<blocks, kWarpsPerBlock * 32>>>(in, out, rows, cols);
}
