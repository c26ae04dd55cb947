// cudagrade-expect: wrong_answer
// The lab's speed of light: out = in, a plain copy of the bytes a softmax must move. NOT a softmax.
//
// Teaches: what bounds a row softmax. A softmax must read every element at least once and write every element
// once (8 bytes an element); its max, exp, sum and division are a few instructions against those bytes. A
// kernel that keeps its row in registers or shared memory reads it once, and can at best match this copy;
// warp_per_row.cu reads each row three times (the second and third mostly from L2). Its output is wrong, so
// `lab check` does not grade it; `bench` shows it as the 100% row.
//
// Run: cudagrade bench softmax --size 8192,4096   (on a GPU: the ladder against it)
// Sizes: in and out hold rows x cols float32, row-major; rows, cols >= 1.

#include "softmax.cuh"

#include <cstddef>

namespace {

constexpr int kBlock = 256;
constexpr int kMaxBlocks = 132 * 8;

__global__ void copy_kernel(const float* __restrict__ in, float* __restrict__ out, size_t n) {
    const size_t stride = static_cast<size_t>(gridDim.x) * blockDim.x;
    for (size_t i = static_cast<size_t>(blockIdx.x) * blockDim.x + threadIdx.x; i < n; i += stride) out[i] = in[i];
}

}  // namespace

void softmax(const float* in, float* out, int rows, int cols) {
    const size_t n = static_cast<size_t>(rows) * cols;
    size_t blocks = (n + kBlock - 1) / kBlock;
    if (blocks > kMaxBlocks) blocks = kMaxBlocks;
    copy_kernel<<<static_cast<int>(blocks), kBlock>>>(in, out, n);
}
