// cudagrade-expect: wrong_answer
// Mistake: the grid is sized with floor division (cols / 32, rows / 32), so when rows or cols is not a
// multiple of the tile the last partial row and column of tiles get no block, and those elements of out
// are never written. The student had hit "invalid configuration argument" on tiny shapes (a grid of 0
// blocks) and patched it with max(1, ...), which hides the real bug: multiples of 32 and shapes under 32
// pass, while 100 x 100, 1000 x 1, the tall and wide cases and the primes fail, with the grader's
// picture of out showing the never-written tiles (?) along its last tile row and column.
#include "transpose.cuh"

#define TILE 32
#define BLOCK_ROWS 8

__global__ void transpose_kernel(const float* in, float* out, int rows, int cols) {
    __shared__ float tile[TILE][TILE + 1];
    int x = blockIdx.x * TILE + threadIdx.x;
    int y = blockIdx.y * TILE + threadIdx.y;
    for (int j = 0; j < TILE; j += BLOCK_ROWS) {
        if (x < cols && y + j < rows) tile[threadIdx.y + j][threadIdx.x] = in[(y + j) * cols + x];
    }
    __syncthreads();
    x = blockIdx.y * TILE + threadIdx.x;
    y = blockIdx.x * TILE + threadIdx.y;
    for (int j = 0; j < TILE; j += BLOCK_ROWS) {
        if (x < rows && y + j < cols) out[(y + j) * rows + x] = tile[threadIdx.x][threadIdx.y + j];
    }
}

void transpose(const float* in, float* out, int rows, int cols) {
    dim3 block(TILE, BLOCK_ROWS);
    dim3 grid(max(1, cols / TILE), max(1, rows / TILE));
    transpose_kernel<<<grid, block>>>(in, out, rows, cols);
}
