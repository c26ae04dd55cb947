// cudagrade-expect: passed
// A correct student solution: the tiled convolution. A 16 x 16 block loads its tile plus a halo of `radius`
// pixels into shared memory (zeros outside the image), waits at __syncthreads(), and computes one output
// pixel a thread from the tile; the mask is read from global memory through the read-only cache (__ldg).
// Every case passes: radius 1 to 7, images smaller than the mask, one row, one column, primes.
#include "conv2d.cuh"

#define TILE 16
#define MAX_R 7

__global__ void conv_tiled(const float* image, const float* mask, float* out, int rows, int cols, int R) {
    __shared__ float s[TILE + 2 * MAX_R][TILE + 2 * MAX_R];
    int w = TILE + 2 * R;
    int row0 = blockIdx.y * TILE - R;
    int col0 = blockIdx.x * TILE - R;
    for (int y = threadIdx.y; y < w; y += TILE) {
        for (int x = threadIdx.x; x < w; x += TILE) {
            int r = row0 + y, c = col0 + x;
            s[y][x] = (r >= 0 && r < rows && c >= 0 && c < cols) ? image[r * cols + c] : 0.0f;
        }
    }
    __syncthreads();
    int r = blockIdx.y * TILE + threadIdx.y;
    int c = blockIdx.x * TILE + threadIdx.x;
    if (r < rows && c < cols) {
        int m = 2 * R + 1;
        float sum = 0.0f;
        for (int i = 0; i < m; i++)
            for (int j = 0; j < m; j++) sum += s[threadIdx.y + i][threadIdx.x + j] * __ldg(&mask[i * m + j]);
        out[r * cols + c] = sum;
    }
}

void conv2d(const float* image, const float* mask, float* out, int rows, int cols, int radius) {
    dim3 block(TILE, TILE);
    dim3 grid((cols + TILE - 1) / TILE, (rows + TILE - 1) / TILE);
    conv_tiled<<<grid, block>>>(image, mask, out, rows, cols, radius);
}
