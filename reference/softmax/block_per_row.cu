// Reference rung 3: one block per row, its warps' results combined through shared memory. The speed reference
// of the wide performance case (512 x 32768).
//
// Teaches: a reduction across a block, for rows long enough to keep 256 threads busy. The block's threads
// stride along the row (coalesced, as in warp_per_row.cu); each warp reduces its lanes' values with shuffles,
// lane 0 of each warp writes the warp's result to shared memory, and after a __syncthreads() warp 0 reduces
// those 8 values and writes the row's result back for everyone. Two barriers a reduction: one before the
// partials are read, one before the result is read. The sum reuses the max's shared words with no third
// barrier, and safely: the max's partials were all read before its second barrier, and the sum's result is
// written only after the sum's first barrier, which every thread reaches after reading the max. A classic
// tree over one shared array of 256, whose slot 0 holds the max, has no such slack:
// submissions/softmax/reuses_scratch_without_barrier.cu overwrites it before everyone has read it.
//
// For short rows it wastes threads (a row of 33 keeps 223 of 256 idle): warp_per_row.cu is the better rung
// there. A lecture's next step, not taken here: keep the row in registers or shared memory between the three
// passes, or compute max and sum in one pass ("online softmax": rescale the running sum when the max grows),
// so each element is read from memory once.
//
// Run: cudagrade check softmax reference/softmax/block_per_row.cu
//      cudagrade bench softmax --size 512,32768   (on a GPU: the ladder on wide rows)
// Sizes: in and out hold rows x cols float32, row-major; rows, cols >= 1.

#include "softmax.cuh"

#include <cmath>

namespace {

constexpr int kBlock = 256;
constexpr int kWarps = kBlock / 32;
constexpr unsigned kFullMask = 0xffffffffu;

__device__ float warp_max(float v) {
    for (int offset = 16; offset > 0; offset >>= 1) v = fmaxf(v, __shfl_xor_sync(kFullMask, v, offset));
    return v;
}

__device__ float warp_sum(float v) {
    for (int offset = 16; offset > 0; offset >>= 1) v += __shfl_xor_sync(kFullMask, v, offset);
    return v;
}

// The block's max (is_max) or sum of v, returned to every thread. partial: kWarps floats of shared memory;
// result: one more. Called twice in a row on the same words (see the header for why that is safe).
__device__ float block_reduce(float v, bool is_max, float* partial, float* result) {
    const int lane = threadIdx.x % 32, warp = threadIdx.x / 32;
    v = is_max ? warp_max(v) : warp_sum(v);
    if (lane == 0) partial[warp] = v;
    __syncthreads();  // every warp's partial written before warp 0 reads them
    if (warp == 0) {
        v = lane < kWarps ? partial[lane] : (is_max ? -INFINITY : 0.0f);
        v = is_max ? warp_max(v) : warp_sum(v);
        if (lane == 0) *result = v;
    }
    __syncthreads();  // the result written before anyone reads it
    return *result;
}

__global__ void softmax_block_per_row(const float* __restrict__ in, float* __restrict__ out, int cols) {
    __shared__ float partial[kWarps];
    __shared__ float result;
    const float* x = in + static_cast<size_t>(blockIdx.x) * cols;
    float* y = out + static_cast<size_t>(blockIdx.x) * cols;

    float m = -INFINITY;
    for (int c = threadIdx.x; c < cols; c += kBlock) m = fmaxf(m, x[c]);
    m = block_reduce(m, true, partial, &result);

    float s = 0.0f;
    for (int c = threadIdx.x; c < cols; c += kBlock) s += expf(x[c] - m);
    s = block_reduce(s, false, partial, &result);

    for (int c = threadIdx.x; c < cols; c += kBlock) y[c] = expf(x[c] - m) / s;
}

}  // namespace

void softmax(const float* in, float* out, int rows, int cols) {
    softmax_block_per_row<<<rows, kBlock>>>(in, out, cols);  // rows < 2^31: within gridDim.x's limit
}
