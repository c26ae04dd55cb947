// cudagrade-expect: race
// Mistake: the tiled convolution without the __syncthreads() between loading the tile and reading it,
// "because each thread loads before it computes". But each thread reads (2R + 1)^2 pixels of the tile, loaded
// by OTHER threads, maybe of another warp that has not run its loads yet. On a GPU this is often right by luck
// of scheduling and wrong on the next GPU; the simulator reports the race every time: the shared array, the
// line that writes the tile, the line that reads it, and the barrier to add.
#include "conv2d.cuh"

#define TX 32
#define TY 8
#define MAX_R 7

__global__ void conv_tiled(const float* image, const float* mask, float* out, int rows, int cols, int R) {
    __shared__ float tile[TY + 2 * MAX_R][TX + 2 * MAX_R];
    int w = TX + 2 * R, h = TY + 2 * R;
    int x0 = blockIdx.x * TX - R, y0 = blockIdx.y * TY - R;
    for (int k = threadIdx.y * TX + threadIdx.x; k < w * h; k += TX * TY) {
        int ty = k / w, tx = k % w;
        int r = y0 + ty, c = x0 + tx;
        tile[ty][tx] = (r >= 0 && r < rows && c >= 0 && c < cols) ? image[r * cols + c] : 0.0f;
    }
    // BUG: __syncthreads() missing here
    int c = blockIdx.x * TX + threadIdx.x;
    int r = blockIdx.y * TY + threadIdx.y;
    if (r >= rows || c >= cols) return;
    int m = 2 * R + 1;
    float sum = 0.0f;
    for (int i = 0; i < m; i++)
        for (int j = 0; j < m; j++) sum += tile[threadIdx.y + i][threadIdx.x + j] * mask[i * m + j];
    out[r * cols + c] = sum;
}

void conv2d(const float* image, const float* mask, float* out, int rows, int cols, int radius) {
    dim3 block(TX, TY);
    dim3 grid((cols + TX - 1) / TX, (rows + TY - 1) / TY);
    conv_tiled<<<grid, block>>>(image, mask, out, rows, cols, radius);
}
