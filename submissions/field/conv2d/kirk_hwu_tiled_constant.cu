// cudagrade-expect: passed
// Style: Kirk and Hwu, "Programming Massively Parallel Processors", the 2D tiled convolution with the mask in
// constant memory: each block loads its output tile and the halo around it into shared memory (out-of-image
// cells as 0, the "ghost cells"), synchronises, and every thread computes one output from shared memory. The
// mask goes to __constant__ memory with cudaMemcpyToSymbol before the launch.
#include "conv2d.cuh"

#define MAX_MASK_WIDTH 15
#define TILE_WIDTH 16
#define MAX_HALO_TILE (TILE_WIDTH + MAX_MASK_WIDTH - 1)

__constant__ float M[MAX_MASK_WIDTH * MAX_MASK_WIDTH];

__global__ void convolution_2D_tiled_kernel(const float* P_in, float* P_out, int height, int width, int radius) {
  __shared__ float N_ds[MAX_HALO_TILE][MAX_HALO_TILE];
  const int mask_width = 2 * radius + 1;
  const int tile_span = TILE_WIDTH + mask_width - 1;
  const int row_o = blockIdx.y * TILE_WIDTH + threadIdx.y;
  const int col_o = blockIdx.x * TILE_WIDTH + threadIdx.x;

  // The tile with its halo is larger than the block: each thread loads several cells.
  for (int r = threadIdx.y; r < tile_span; r += TILE_WIDTH) {
    for (int c = threadIdx.x; c < tile_span; c += TILE_WIDTH) {
      const int row_i = blockIdx.y * TILE_WIDTH + r - radius;
      const int col_i = blockIdx.x * TILE_WIDTH + c - radius;
      N_ds[r][c] = (row_i >= 0 && row_i < height && col_i >= 0 && col_i < width) ? P_in[row_i * width + col_i]
                                                                                   : 0.0f;
    }
  }
  __syncthreads();

  if (row_o < height && col_o < width) {
    float output = 0.0f;
    for (int i = 0; i < mask_width; i++) {
      for (int j = 0; j < mask_width; j++) {
        output += M[i * mask_width + j] * N_ds[threadIdx.y + i][threadIdx.x + j];
      }
    }
    P_out[row_o * width + col_o] = output;
  }
}

void conv2d(const float* image, const float* mask, float* out, int rows, int cols, int radius) {
  const int mask_width = 2 * radius + 1;
  cudaMemcpyToSymbol(M, mask, mask_width * mask_width * sizeof(float), 0, cudaMemcpyDeviceToDevice);
  dim3 dimBlock(TILE_WIDTH, TILE_WIDTH);
  dim3 dimGrid((cols + TILE_WIDTH - 1) / TILE_WIDTH, (rows + TILE_WIDTH - 1) / TILE_WIDTH);
  convolution_2D_tiled_kernel<<<dimGrid, dimBlock>>>(image, out, rows, cols, radius);
}
