// cudagrade-expect: wrong_answer
// Mistake: the naive kernel with no zero padding: every neighbour is read, "the edges are only a few
// pixels". A neighbour off the left or right edge is image[(r + dr) * cols + c + dc]: the pixel at the other
// end of the previous or next row, a real value where the formula wants 0. A neighbour above the first row or
// below the last is outside the image altogether: on a GPU it reads whatever lies there (or crashes); the
// grader's buffers are surrounded by guard words, so it reads those, huge values, and the border of out is
// far off. Every case is wrong_answer (only a radius of 0 would pass), with the wrong pixels along the border
// in the tile picture. Fix: skip a neighbour outside the image before reading it.
#include "conv2d.cuh"

__global__ void conv_naive(const float* image, const float* mask, float* out, int rows, int cols, int R) {
    int c = blockIdx.x * blockDim.x + threadIdx.x;
    int r = blockIdx.y * blockDim.y + threadIdx.y;
    if (r >= rows || c >= cols) return;
    int m = 2 * R + 1;
    float sum = 0.0f;
    for (int dr = -R; dr <= R; dr++)
        for (int dc = -R; dc <= R; dc++)
            sum += image[(r + dr) * cols + (c + dc)] * mask[(dr + R) * m + (dc + R)];  // BUG: no bounds check
    out[r * cols + c] = sum;
}

void conv2d(const float* image, const float* mask, float* out, int rows, int cols, int radius) {
    dim3 block(32, 8);
    dim3 grid((cols + 31) / 32, (rows + 7) / 8);
    conv_naive<<<grid, block>>>(image, mask, out, rows, cols, radius);
}
