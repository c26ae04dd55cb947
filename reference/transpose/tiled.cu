// Reference rung 2: tiled through shared memory, coalesced both ways, with bank conflicts.
//
// Teaches: staging a tile in shared memory so that both global accesses are coalesced. A block loads a
// 32 x 32 tile of in row by row (threadIdx.x along in's columns), waits at __syncthreads(), and writes the
// mirrored tile of out row by row (threadIdx.x along out's columns), reading the shared tile by column.
// Both global accesses are now 4 sectors per request. The catch: tile[threadIdx.x][j] for 32 lanes is 32
// words 32 floats apart, all in the same one of the 32 banks: every such read is a 32-way bank conflict,
// served one word at a time. The next rung removes it with one column of padding.
//
// The block is 32 x 8 threads; each thread moves 4 elements of its column of the tile (rows j, j+8, j+16,
// j+24): fewer threads, the same coalescing.
//
// Run: cudagrade check transpose reference/transpose/tiled.cu --backend sim --profile
//      (the shared-memory read shows as a 32-way bank conflict)
// Shapes: in is rows x cols, out is cols x rows, row-major float32; any rows, cols >= 1 (partial tiles are
// bounds-checked on the load and the store).

#include "transpose.cuh"

#include <cuda_runtime.h>

namespace {

constexpr int TILE = 32;
constexpr int ROWS_PER_PASS = 8;  // blockDim.y: each thread handles TILE / ROWS_PER_PASS elements

__global__ void transpose_tiled_kernel(const float* __restrict__ in, float* __restrict__ out, int rows, int cols) {
    __shared__ float tile[TILE][TILE];  // no padding: a column of the tile lives in one bank

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
    transpose_tiled_kernel<<<grid, block>>>(in, out, rows, cols);
}
