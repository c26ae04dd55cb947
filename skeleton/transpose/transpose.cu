// Transpose lab: your solution. Implement transpose() from transpose.cuh:
//     out[c * rows + r] = in[r * cols + c]   (in: rows x cols, out: cols x rows, row-major float32)
//
// As handed out, this file compiles and runs but never writes out, so every test fails with
// wrong_answer. Replace the TODOs; keep the signature of transpose() exactly as it is.
//
// Rules: launch your kernels on the default stream; do not allocate memory, synchronise or print in
// transpose(); never write to `in` (the grader checks it is unchanged afterwards).

#include "transpose.cuh"

namespace {

constexpr int TILE = 32;  // a 32 x 32 tile: one warp per tile row

// One block transposes one TILE x TILE tile of in into the mirrored tile of out.
//
// The lesson of this lab: a warp's 32 threads should read 32 consecutive floats of in (one row of the
// tile, threadIdx.x along the columns) and write 32 consecutive floats of out. Reading rows and
// writing columns directly (or the other way round) makes every write of a warp touch 32 different
// 32-byte sectors: 8x the memory traffic. So stage the tile in shared memory:
__global__ void transpose_kernel(const float* in, float* out, int rows, int cols) {
    // TODO 1: declare the shared tile. Think about banks: 32 threads reading one column of a
    //         [TILE][TILE] array all hit the same bank (a 32-way conflict). One extra column fixes it.
    // TODO 2: load in[y][x] into the tile, x = blockIdx.x * TILE + threadIdx.x, y = blockIdx.y * TILE + ...,
    //         only where y < rows and x < cols: rows and cols are usually NOT multiples of TILE.
    // TODO 3: __syncthreads(): every thread will read an element another thread loaded.
    // TODO 4: write the tile out transposed: swap the block indices, keep threadIdx.x along out's
    //         columns, read the tile by column, and bounds-check against out's shape (cols x rows).
}

}  // namespace

void transpose(const float* in, float* out, int rows, int cols) {
    // TODO 5: pick a block shape (TILE x 8 threads, each handling 4 rows of the tile, is the lectures'
    //         choice; TILE x TILE works too) and enough blocks to cover cols (x) and rows (y).
    const dim3 block(TILE, 8);
    const dim3 grid((cols + TILE - 1) / TILE, (rows + TILE - 1) / TILE);
    transpose_kernel<<<grid, block>>>(in, out, rows, cols);
}
