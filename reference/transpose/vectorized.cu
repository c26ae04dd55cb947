// Reference rung 4: more elements per thread and 16-byte vector loads and stores.
//
// Teaches: once the accesses are coalesced and conflict-free (tiled_padded.cu), what is left is
// instruction overhead: tiled_padded issues one 4-byte load, one shared store, one shared load and one
// 4-byte store per element. Here a block of 8 x 8 threads moves a 32 x 32 tile and each thread moves 16
// elements: four float4 loads of in (4 consecutive columns of rows ty, ty+8, ty+16, ty+24), and four
// float4 stores of out. A warp's float4 load covers 4 rows x 128 bytes: 16 sectors for 512 bytes, the
// ideal for 16-byte accesses. A quarter of the global instructions, more bytes in flight per thread.
//
// The shared tile stays [32][33] and is written and read as scalars: lane (tx, ty) stores tile[ty][4tx+k],
// in bank (ty + 4tx + k) % 32, and reads tile[4tx+k][ty], in bank (4tx + k + ty) % 32: for the 8 x 4
// lanes of a warp both are 32 different banks, so there are no conflicts. (A float4 store into a
// [32][33] row would be misaligned; padding to [32][36] would make the column reads 4-way conflicts.)
//
// A float4 needs 16-byte alignment: in's rows start 16-byte aligned only when cols % 4 == 0, out's rows
// when rows % 4 == 0. Other shapes (and unaligned pointers) take the scalar path of tiled_padded.cu, so
// every shape is correct.
//
// Run: cudagrade bench transpose --size 8192,8192   (on a GPU)
//      cudagrade check transpose reference/transpose/vectorized.cu --backend sim --profile
// Shapes: in is rows x cols, out is cols x rows, row-major float32; any rows, cols >= 1.

#include "transpose.cuh"

#include <cstdint>
#include <cuda_runtime.h>

namespace {

constexpr int TILE = 32;
constexpr int VECTOR = 4;                 // floats per float4
constexpr int LANES_X = TILE / VECTOR;    // 8 threads cover a tile row with float4s
constexpr int ROWS_PER_PASS = 8;          // blockDim.y
constexpr int PASSES = TILE / ROWS_PER_PASS;

// Requires cols % 4 == 0 and rows % 4 == 0: a float4 is then entirely inside the matrix or entirely out.
__global__ void transpose_vector_kernel(const float* __restrict__ in, float* __restrict__ out, int rows, int cols) {
    __shared__ float tile[TILE][TILE + 1];
    const int tx = threadIdx.x, ty = threadIdx.y;

    const int in_col = blockIdx.x * TILE + VECTOR * tx;
    const int in_row0 = blockIdx.y * TILE + ty;
    if (in_col < cols) {
#pragma unroll
        for (int pass = 0; pass < PASSES; ++pass) {
            const int row = in_row0 + pass * ROWS_PER_PASS;
            if (row >= rows) break;
            const float4 v = *reinterpret_cast<const float4*>(&in[(size_t)row * cols + in_col]);
            float* line = tile[ty + pass * ROWS_PER_PASS];
            line[VECTOR * tx + 0] = v.x;
            line[VECTOR * tx + 1] = v.y;
            line[VECTOR * tx + 2] = v.z;
            line[VECTOR * tx + 3] = v.w;
        }
    }
    __syncthreads();  // every thread reads below what other threads loaded

    const int out_col = blockIdx.y * TILE + VECTOR * tx;  // a row of in
    const int out_row0 = blockIdx.x * TILE + ty;          // a column of in
    if (out_col < rows) {
#pragma unroll
        for (int pass = 0; pass < PASSES; ++pass) {
            const int row = out_row0 + pass * ROWS_PER_PASS;
            if (row >= cols) break;
            const int j = ty + pass * ROWS_PER_PASS;
            const float4 v = make_float4(tile[VECTOR * tx + 0][j], tile[VECTOR * tx + 1][j], tile[VECTOR * tx + 2][j],
                                         tile[VECTOR * tx + 3][j]);
            *reinterpret_cast<float4*>(&out[(size_t)row * rows + out_col]) = v;
        }
    }
}

// Any shape: tiled_padded.cu's kernel.
__global__ void transpose_scalar_kernel(const float* __restrict__ in, float* __restrict__ out, int rows, int cols) {
    __shared__ float tile[TILE][TILE + 1];
    int x = blockIdx.x * TILE + threadIdx.x;
    int y = blockIdx.y * TILE + threadIdx.y;
    for (int j = 0; j < TILE; j += ROWS_PER_PASS) {
        if (x < cols && y + j < rows) tile[threadIdx.y + j][threadIdx.x] = in[(size_t)(y + j) * cols + x];
    }
    __syncthreads();
    x = blockIdx.y * TILE + threadIdx.x;
    y = blockIdx.x * TILE + threadIdx.y;
    for (int j = 0; j < TILE; j += ROWS_PER_PASS) {
        if (x < rows && y + j < cols) out[(size_t)(y + j) * rows + x] = tile[threadIdx.x][threadIdx.y + j];
    }
}

bool aligned16(const void* pointer) {
    return reinterpret_cast<std::uintptr_t>(pointer) % 16 == 0;
}

}  // namespace

void transpose(const float* in, float* out, int rows, int cols) {
    const dim3 grid((cols + TILE - 1) / TILE, (rows + TILE - 1) / TILE);
    if (cols % VECTOR == 0 && rows % VECTOR == 0 && aligned16(in) && aligned16(out)) {
        transpose_vector_kernel<<<grid, dim3(LANES_X, ROWS_PER_PASS)>>>(in, out, rows, cols);
    } else {
        transpose_scalar_kernel<<<grid, dim3(TILE, ROWS_PER_PASS)>>>(in, out, rows, cols);
    }
}
