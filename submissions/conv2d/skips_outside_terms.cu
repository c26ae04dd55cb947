// cudagrade-expect: passed
// A correct kernel that skips the terms outside the image instead of multiplying them by 0: on an image
// smaller than the mask (one row, one column, 2 x 2049) some mask elements are never read. The grader must
// not take the unread part of an input for host work: a kernel read the mask, just not all of it.
#include "conv2d.cuh"

namespace {

__global__ void convolve(const float* image, const float* mask, float* out, int rows, int cols, int radius) {
    const int c = blockIdx.x * blockDim.x + threadIdx.x;
    const int r = blockIdx.y * blockDim.y + threadIdx.y;
    if (r >= rows || c >= cols) return;
    const int width = 2 * radius + 1;
    float sum = 0.0f;
    for (int dr = -radius; dr <= radius; ++dr) {
        const int rr = r + dr;
        if (rr < 0 || rr >= rows) continue;
        for (int dc = -radius; dc <= radius; ++dc) {
            const int cc = c + dc;
            if (cc < 0 || cc >= cols) continue;
            sum += image[rr * cols + cc] * mask[(dr + radius) * width + dc + radius];
        }
    }
    out[r * cols + c] = sum;
}

}  // namespace

void conv2d(const float* image, const float* mask, float* out, int rows, int cols, int radius) {
    const dim3 block(32, 8);
    const dim3 grid((cols + 31) / 32, (rows + 7) / 8);
    convolve<<<grid, block>>>(image, mask, out, rows, cols, radius);
}
