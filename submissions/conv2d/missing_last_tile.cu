// cudagrade-expect: wrong_answer
// Mistake: the tiled kernel is right, but the grid is sized with floor division (cols / 32, rows / 8), so
// when cols is not a multiple of 32 or rows of 8, the last partial column and row of tiles get no block and
// those pixels of out are never written. The student had hit "invalid configuration argument" on small
// images (a grid of 0 blocks) and patched it with max(1, ...), which hides the real bug: 64 x 64, 256 x 256
// and images smaller than one tile pass, while 33 x 65, 100 x 300 and primes fail, and the tile picture shows
// the unwritten right and bottom strips (`?`). Fix: (cols + 31) / 32 and (rows + 7) / 8.
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
    __syncthreads();
    int c = blockIdx.x * TX + threadIdx.x;
    int r = blockIdx.y * TY + threadIdx.y;
    if (r >= rows || c >= cols) return;
    int m = 2 * R + 1;
    float sum = 0.0f;
    for (int i = 0; i < m; i++)
        for (int j = 0; j < m; j++) sum += tile[threadIdx.y + i][threadIdx.x + j] * mask[i * m + j];
    out[r * cols + c] = sum;
}

static int at_least_one(int blocks) { return blocks > 0 ? blocks : 1; }

void conv2d(const float* image, const float* mask, float* out, int rows, int cols, int radius) {
    dim3 block(TX, TY);
    dim3 grid(at_least_one(cols / TX), at_least_one(rows / TY));  // BUG: floor division drops partial tiles
    conv_tiled<<<grid, block>>>(image, mask, out, rows, cols, radius);
}
