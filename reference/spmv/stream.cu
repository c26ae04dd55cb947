// cudagrade-expect: wrong_answer
// The lab's speed of light: values and columns streamed once, coalesced, and nothing multiplied. NOT an SpMV.
//
// Teaches: what bounds an SpMV. Every entry is 8 bytes (a float value and an int column) for 2 FLOPs, so an
// SpMV is memory-bound many times over: the best a kernel can do is read values and columns once, at full
// bandwidth, plus the offsets and y. This kernel does exactly that and no more: a grid-stride loop reads them
// as 16-byte vectors (4 entries a lane) and folds them into one number a thread, which it writes into the rows
// of y it covers, with the row's offset, so that no load is optimised away. It never gathers x, the one cost a
// real SpMV adds (x[columns[k]] lands wherever the columns point, mostly in L2), and it has no rows of uneven
// length to balance. A ladder rung's distance from this row in `bench` is what its gathers and its load
// imbalance cost. Its answer is wrong, so `lab check` does not grade it; `bench` shows it as the 100% row.
//
// Run: cudagrade bench spmv --size 131072,131072,4194304   (on a GPU: the ladder against it)
// Sizes: row_offsets holds rows + 1 ints, columns and values nnz entries, x cols floats, y rows floats;
// rows, cols, nnz >= 1.

#include "spmv.cuh"

namespace {

constexpr int kBlock = 256;
constexpr int kMaxBlocks = 132 * 8;  // about 8 blocks per SM on an H100: enough to saturate memory

__global__ void stream_kernel(const int* __restrict__ row_offsets, const int* __restrict__ columns,
                              const float* __restrict__ values, float* __restrict__ y, int rows, int nnz) {
    const int stride = gridDim.x * blockDim.x;
    const int first = blockIdx.x * blockDim.x + threadIdx.x;
    float sum = 0.0f;
    unsigned bits = 0;
    const int quads = nnz / 4;
    const float4* values4 = reinterpret_cast<const float4*>(values);  // cudaMalloc'd: 256-byte aligned
    const int4* columns4 = reinterpret_cast<const int4*>(columns);
    for (int q = first; q < quads; q += stride) {
        const float4 v = values4[q];
        const int4 c = columns4[q];
        sum += (v.x + v.y) + (v.z + v.w);
        bits ^= static_cast<unsigned>(c.x ^ c.y ^ c.z ^ c.w);
    }
    for (int k = 4 * quads + first; k < nnz; k += stride) {
        sum += values[k];
        bits ^= static_cast<unsigned>(columns[k]);
    }
    const float folded = sum + static_cast<float>(bits & 1u);
    for (int r = first; r < rows; r += stride) y[r] = folded + static_cast<float>(row_offsets[r]);
}

}  // namespace

void spmv(const int* row_offsets, const int* columns, const float* values, const float* x, float* y, int rows, int cols,
          int nnz) {
    (void)x;
    (void)cols;
    const int work = nnz / 4 > rows ? nnz / 4 : rows;  // a thread per 4 entries, or per row if there are more
    int blocks = (work - 1) / kBlock + 1;
    if (blocks > kMaxBlocks) blocks = kMaxBlocks;
    stream_kernel<<<blocks, kBlock>>>(row_offsets, columns, values, y, rows, nnz);
}
