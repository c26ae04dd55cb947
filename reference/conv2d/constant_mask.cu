// Reference rung 2: the mask in constant memory.
//
// Teaches: __constant__ memory and cudaMemcpyToSymbol. Every thread of a warp reads the same mask element at
// the same time, which constant memory serves as one broadcast from its cache; the image is still read from
// global memory as in the naive kernel. The mask arrives in device memory, so it is copied device to device
// into the symbol once per call, before the launch (at most 15 x 15 floats: radius <= 7).
//
// Run: cudagrade --root COURSE check conv2d reference/conv2d/constant_mask.cu --backend sim
// Assumes: nothing about rows, cols beyond >= 1; 0 <= radius <= 7.

#include "conv2d.cuh"

#include <cuda_runtime.h>

namespace {

constexpr int kMaxWidth = 15;  // 2 * 7 + 1
constexpr int kBlockX = 32, kBlockY = 8;

__constant__ float c_mask[kMaxWidth * kMaxWidth];

__global__ void conv2d_constant_kernel(const float* __restrict__ image, float* __restrict__ out, int rows, int cols,
                                       int radius) {
    const int c = blockIdx.x * blockDim.x + threadIdx.x;
    const int r = blockIdx.y * blockDim.y + threadIdx.y;
    if (r >= rows || c >= cols) return;
    const int width = 2 * radius + 1;
    float sum = 0.0f;
    for (int dr = -radius; dr <= radius; ++dr) {
        const int rr = r + dr;
        if (rr < 0 || rr >= rows) continue;  // a row outside the image adds nothing
        for (int dc = -radius; dc <= radius; ++dc) {
            const int cc = c + dc;
            if (cc < 0 || cc >= cols) continue;
            sum += image[rr * cols + cc] * c_mask[(dr + radius) * width + dc + radius];
        }
    }
    out[r * cols + c] = sum;
}

}  // namespace

void conv2d(const float* image, const float* mask, float* out, int rows, int cols, int radius) {
    const int width = 2 * radius + 1;
    cudaMemcpyToSymbol(c_mask, mask, sizeof(float) * width * width, 0, cudaMemcpyDeviceToDevice);
    const dim3 block(kBlockX, kBlockY);
    const dim3 grid((cols + kBlockX - 1) / kBlockX, (rows + kBlockY - 1) / kBlockY);
    conv2d_constant_kernel<<<grid, block>>>(image, out, rows, cols, radius);
}
