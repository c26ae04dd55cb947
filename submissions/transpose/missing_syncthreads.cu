// cudagrade-expect: race
// Mistake: the padded tiled transpose with the __syncthreads() between loading the tile and reading it
// left out, "because each thread only reads after it has written". But each thread reads a DIFFERENT
// element than it wrote: tile[threadIdx.x][threadIdx.y + j] was loaded by another thread, maybe of
// another warp that has not run yet. On a GPU this often gives the right answer by luck of scheduling;
// the simulator reports the race every time: the shared array, the line that writes the tile, the line
// that reads it, and the barrier to add.
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
    x = blockIdx.y * TILE + threadIdx.x;
    y = blockIdx.x * TILE + threadIdx.y;
    for (int j = 0; j < TILE; j += BLOCK_ROWS) {
        if (x < rows && y + j < cols) out[(y + j) * rows + x] = tile[threadIdx.x][threadIdx.y + j];
    }
}

void transpose(const float* in, float* out, int rows, int cols) {
    dim3 block(TILE, BLOCK_ROWS);
    dim3 grid((cols + TILE - 1) / TILE, (rows + TILE - 1) / TILE);
    transpose_kernel<<<grid, block>>>(in, out, rows, cols);
}
