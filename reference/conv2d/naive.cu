// Reference rung 1: the naive kernel.
//
// Teaches: the mapping of a 2-D stencil onto a 2-D grid, and zero padding. One thread owns one output pixel
// and reads its (2 radius + 1)^2 neighbours and the mask straight from global memory. A neighbour outside the
// image counts as 0, and is checked BEFORE it is read: its linear index would be another pixel (the next
// row's, off the right edge) or outside the image altogether (above the first row, below the last). The 0
// is multiplied by its mask element like any pixel, which keeps the inner loop free of `continue`.
//
// Why it is slow: each pixel is loaded by (2 radius + 1)^2 threads and each mask element by every thread:
// 2 (2 radius + 1)^2 loads a pixel, served mostly by L1 and L2, but loads all the same. The next rungs move
// the mask, then the pixels, to shared memory.
//
// Run: cudagrade --root COURSE check conv2d reference/conv2d/naive.cu --backend sim
// Assumes: nothing about rows, cols beyond >= 1; 0 <= radius <= 7.

#include "conv2d.cuh"

#include <cuda_runtime.h>

namespace {

// 32 x 8: a warp is one row of 32 consecutive pixels, so its image loads and out stores are coalesced.
constexpr int kBlockX = 32, kBlockY = 8;

__global__ void conv2d_naive_kernel(const float* __restrict__ image, const float* __restrict__ mask,
                                    float* __restrict__ out, int rows, int cols, int radius) {
    const int c = blockIdx.x * blockDim.x + threadIdx.x;
    const int r = blockIdx.y * blockDim.y + threadIdx.y;
    if (r >= rows || c >= cols) return;
    const int width = 2 * radius + 1;
    float sum = 0.0f;
    for (int dr = -radius; dr <= radius; ++dr) {
        const int rr = r + dr;
        for (int dc = -radius; dc <= radius; ++dc) {
            const int cc = c + dc;
            const float pixel = (rr >= 0 && rr < rows && cc >= 0 && cc < cols) ? image[rr * cols + cc] : 0.0f;
            sum += pixel * mask[(dr + radius) * width + dc + radius];
        }
    }
    out[r * cols + c] = sum;
}

}  // namespace

void conv2d(const float* image, const float* mask, float* out, int rows, int cols, int radius) {
    const dim3 block(kBlockX, kBlockY);
    const dim3 grid((cols + kBlockX - 1) / kBlockX, (rows + kBlockY - 1) / kBlockY);
    conv2d_naive_kernel<<<grid, block>>>(image, mask, out, rows, cols, radius);
}
