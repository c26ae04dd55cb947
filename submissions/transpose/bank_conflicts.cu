// cudagrade-expect: passed
// Correct but slower than it should be: the tiled transpose with a [32][32] shared tile. Both global
// accesses are coalesced, but the tile is read by column: tile[threadIdx.x][j] for 32 lanes is 32 words
// 32 floats apart, all in the same bank, a 32-way bank conflict on every read, served one word at a
// time. Every case passes; on a GPU the speed cases lose points to the padded version. Without a GPU,
// `cudagrade check transpose bank_conflicts.cu --backend sim --profile` shows the shared read as a
// 32-way conflict and says to pad the array to [TILE][TILE+1].
#include "transpose.cuh"

#define TILE 32
#define BLOCK_ROWS 8

__global__ void transpose_kernel(const float* in, float* out, int rows, int cols) {
    __shared__ float tile[TILE][TILE];
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
    dim3 grid((cols + TILE - 1) / TILE, (rows + TILE - 1) / TILE);
    transpose_kernel<<<grid, block>>>(in, out, rows, cols);
}
