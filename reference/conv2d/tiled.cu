// Reference rung 3: a shared-memory tile with its halo, and the mask in shared memory.
//
// Teaches: input tiling for a stencil. A block computes a 32 x 8 tile of out; the pixels it needs are that
// tile plus a halo of `radius` pixels on every side, (32 + 2 radius) x (8 + 2 radius) of them. The block's
// 256 threads load that input tile into shared memory together (a loop: it has more pixels than the block
// has threads), zeros where the halo falls outside the image, so that the inner loop needs no bounds checks
// at all; then __syncthreads(), since every thread reads pixels other threads loaded; then each thread
// computes its output pixel from shared memory. Global reads fall from (2 radius + 1)^2 a pixel to
// (32 + 2 radius)(8 + 2 radius) / 256 a pixel: 1.9 for radius 3.
//
// Partial tiles at the right and bottom edges: the loads are checked against the image and the store against
// out, never an early return before the barrier, since every thread must reach it.
// Banks: a warp is one row of 32 output pixels and reads 32 consecutive floats of a tile row: no conflicts,
// whatever the row pitch. The mask: staged in shared memory by the same loads, as in shared_mask.cu.
//
// Run: cudagrade --root COURSE check conv2d reference/conv2d/tiled.cu --backend sim
// Assumes: nothing about rows, cols beyond >= 1; 0 <= radius <= 7 (the shared tile is sized for 7).

#include "conv2d.cuh"

#include <cuda_runtime.h>

namespace {

constexpr int kMaxRadius = 7;
constexpr int kMaxWidth = 2 * kMaxRadius + 1;
constexpr int kTileX = 32, kTileY = 8;

__global__ void conv2d_tiled_kernel(const float* __restrict__ image, const float* __restrict__ mask,
                                    float* __restrict__ out, int rows, int cols, int radius) {
    __shared__ float tile[kTileY + 2 * kMaxRadius][kTileX + 2 * kMaxRadius];
    __shared__ float s_mask[kMaxWidth * kMaxWidth];
    const int width = 2 * radius + 1;
    for (int k = threadIdx.y * kTileX + threadIdx.x; k < width * width; k += kTileX * kTileY) s_mask[k] = mask[k];
    const int tile_w = kTileX + 2 * radius, tile_h = kTileY + 2 * radius;
    const int x0 = blockIdx.x * kTileX - radius, y0 = blockIdx.y * kTileY - radius;  // the halo's corner
    // Consecutive threads load consecutive pixels of a tile row: coalesced.
    for (int k = threadIdx.y * kTileX + threadIdx.x; k < tile_w * tile_h; k += kTileX * kTileY) {
        const int ty = k / tile_w, tx = k % tile_w;
        const int r = y0 + ty, c = x0 + tx;
        tile[ty][tx] = (r >= 0 && r < rows && c >= 0 && c < cols) ? image[r * cols + c] : 0.0f;
    }
    __syncthreads();  // one barrier for both: every thread reads pixels and mask elements others loaded

    const int c = blockIdx.x * kTileX + threadIdx.x;
    const int r = blockIdx.y * kTileY + threadIdx.y;
    if (r >= rows || c >= cols) return;
    float sum = 0.0f;
    for (int i = 0; i < width; ++i) {
        for (int j = 0; j < width; ++j) sum += tile[threadIdx.y + i][threadIdx.x + j] * s_mask[i * width + j];
    }
    out[r * cols + c] = sum;
}

}  // namespace

void conv2d(const float* image, const float* mask, float* out, int rows, int cols, int radius) {
    const dim3 block(kTileX, kTileY);
    const dim3 grid((cols + kTileX - 1) / kTileX, (rows + kTileY - 1) / kTileY);
    conv2d_tiled_kernel<<<grid, block>>>(image, mask, out, rows, cols, radius);
}
