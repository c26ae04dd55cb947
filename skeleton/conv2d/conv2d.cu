// Conv2d lab: your solution. Implement conv2d() from conv2d.cuh:
//     out[r][c] = sum over dr, dc in [-radius, radius] of image[r + dr][c + dc] * mask[dr + radius][dc + radius]
//     (a pixel outside the image counts as 0; the mask is NOT flipped)
//
// As handed out, this file compiles and runs but never writes out, so every test fails with
// wrong_answer. Replace the TODOs; keep the signature of conv2d() exactly as it is.
//
// Rules: launch your kernels on the default stream; do not allocate memory, synchronise or print in
// conv2d(); never write to image or mask (the grader checks they are unchanged afterwards).

#include "conv2d.cuh"

// The mask is at most 15 x 15 floats (radius 7).
static constexpr int kMaxRadius = 7;
static constexpr int kMaxWidth = 2 * kMaxRadius + 1;

// Start here: one thread per output pixel, everything from global memory.
//   c = blockIdx.x * blockDim.x + threadIdx.x (columns: consecutive threads, consecutive pixels), r likewise
//   with y; threads with r >= rows or c >= cols do nothing (the grid is rounded up).
__global__ void conv2d_kernel(const float* image, const float* mask, float* out, int rows, int cols, int radius) {
    // TODO 1: the sum over dr and dc. A neighbour (r + dr, c + dc) outside the image is the value 0: check
    //         it BEFORE reading, since image[(r + dr) * cols + c + dc] of an outside pixel is another pixel
    //         (a column off the edge is the next row's) or memory outside the image altogether:
    //             float pixel = (inside the image) ? image[...] : 0.0f;
    // TODO 2: the mask element for (dr, dc) is mask[(dr + radius) * (2 * radius + 1) + dc + radius].
}

// Then make it fast:
//   * the mask is the same for every thread, and a warp reads one element of it at a time: let each block
//     copy it into shared memory first,
//         __shared__ float s_mask[kMaxWidth * kMaxWidth];
//     (its threads together, then __syncthreads()), so that every read is a broadcast to the whole warp;
//   * each pixel is read by (2 radius + 1)^2 threads: load a tile of the image with its halo (radius pixels
//     on every side) into shared memory once, __syncthreads(), and compute from there.
void conv2d(const float* image, const float* mask, float* out, int rows, int cols, int radius) {
    (void)kMaxWidth;
    const dim3 block(32, 8);
    const dim3 grid((cols + block.x - 1) / block.x, (rows + block.y - 1) / block.y);
    conv2d_kernel<<<grid, block>>>(image, mask, out, rows, cols, radius);
}
