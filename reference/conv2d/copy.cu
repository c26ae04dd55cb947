// cudagrade-expect: wrong_answer
// The lab's speed of light: out = image, a plain copy of the bytes a convolution must move (the image read
// once, out written once; the mask is too small to count). No convolution can be faster. It does not compute
// the answer, so `lab check` does not grade it; `bench` shows it as the 100% row.
#include "conv2d.cuh"

#include <cuda_runtime.h>

namespace {

__global__ void copy_kernel(const float* __restrict__ in, float* __restrict__ out, int n) {
    const int stride = gridDim.x * blockDim.x;
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride) out[i] = in[i];
}

}  // namespace

void conv2d(const float* image, const float* /*mask*/, float* out, int rows, int cols, int /*radius*/) {
    const int n = rows * cols;
    const int threads = 256;
    int blocks = (n + threads - 1) / threads;
    if (blocks > 132 * 8) blocks = 132 * 8;
    copy_kernel<<<blocks, threads>>>(image, out, n);
}
