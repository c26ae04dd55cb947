// Reference rung 3: tiled through shared memory with one column of padding: no bank conflicts.
//
// Teaches: shared-memory banks. Rung 2 (tiled.cu) reads its [32][32] tile by column, 32 words 32 floats
// apart, all in one bank: a 32-way conflict. Declaring the tile [32][33] shifts each row by one bank, so
// the 32 words of a column fall in 32 different banks and the read is one wavefront, as the row-wise
// store already was. One line changes; on a GPU the kernel comes close to copy bandwidth.
//
// Run: cudagrade check transpose reference/transpose/tiled_padded.cu --backend sim --profile
//      (every access: 4 sectors per request, 1 wavefront: coalesced and conflict-free)
// Shapes: in is rows x cols, out is cols x rows, row-major float32; any rows, cols >= 1.

#include "transpose.cuh"

#include <cuda_runtime.h>

namespace {

constexpr int TILE = 32;
constexpr int ROWS_PER_PASS = 8;  // blockDim.y: each thread handles TILE / ROWS_PER_PASS elements

__global__ void transpose_padded_kernel(const float* __restrict__ in, float* __restrict__ out, int rows, int cols) {
    __shared__ float tile[TILE][TILE + 1];  // the padding column: tile[i][j] is in bank (33 i + j) % 32

    int x = blockIdx.x * TILE + threadIdx.x;  // column of in
    int y = blockIdx.y * TILE + threadIdx.y;  // row of in
    for (int j = 0; j < TILE; j += ROWS_PER_PASS) {
        if (x < cols && y + j < rows) tile[threadIdx.y + j][threadIdx.x] = in[(size_t)(y + j) * cols + x];
    }
    __syncthreads();  // every thread reads below what another thread loaded

    x = blockIdx.y * TILE + threadIdx.x;  // column of out (a row of in)
    y = blockIdx.x * TILE + threadIdx.y;  // row of out (a column of in)
    for (int j = 0; j < TILE; j += ROWS_PER_PASS) {
        if (x < rows && y + j < cols) out[(size_t)(y + j) * rows + x] = tile[threadIdx.x][threadIdx.y + j];
    }
}

}  // namespace

void transpose(const float* in, float* out, int rows, int cols) {
    const dim3 block(TILE, ROWS_PER_PASS);
    const dim3 grid((cols + TILE - 1) / TILE, (rows + TILE - 1) / TILE);
    transpose_padded_kernel<<<grid, block>>>(in, out, rows, cols);
}
