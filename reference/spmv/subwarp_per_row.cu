// Reference rung 3: a group of 2, 4, 8, 16 or 32 lanes per row, sized on the host to the average row, as in
// Bell and Garland's CSR-vector kernel ("Implementing sparse matrix-vector multiplication on throughput-oriented
// processors", SC 2009, and CUSP after it).
//
// Teaches: matching the unit of work to the data. warp_per_row.cu gives every row 32 lanes, however short: at
// 3 entries a row (the tall cases) 29 lanes idle. Here the host computes the average row, nnz / rows, and picks
// the smallest power of two G >= it (2 at least, 32 at most); a warp then holds 32 / G groups, each doing one
// row exactly as a warp does in warp_per_row.cu: lane g of the group takes entries begin + g, begin + g + G, ...,
// and G - 1 shuffles add the group's partial sums into its first lane, which writes y[r].
//
// Shuffles within a group: each kernel is a template on G, so the loops unroll and the shuffles' width is a
// constant. `width` G makes __shfl_down_sync stay inside the group's segment of lanes, and the mask names
// only the group's lanes, so a group whose row is past the end can return by itself while the warp's other
// groups shuffle among themselves (with the full mask they would wait for lanes that never arrive: undefined
// on a GPU). cooperative_groups::tiled_partition<G> says the same with tile.shfl_down(sum, offset).
//
// Its limits: the average hides the spread. Rows far above it (the long row of nnz / 16 entries) are done by G
// lanes in many iterations while the rest of the GPU finishes and waits; rows far below it still idle lanes.
// What fixes that is to split the work by entries, not by rows: merge-path SpMV (Merrill and Garland, 2016)
// and cuSPARSE's CSR algorithms give each thread the same number of entries and patch the rows that cross a
// boundary (labs/spmv/baseline_cusparse.cu times cuSPARSE).
//
// Run: cudagrade check spmv reference/spmv/subwarp_per_row.cu
//      cudagrade bench spmv --size 131072,131072,4194304   (on a GPU: the ladder)
// Sizes: row_offsets holds rows + 1 ints, columns and values nnz entries, x cols floats, y rows floats;
// rows, cols, nnz >= 1.

#include "spmv.cuh"

namespace {

constexpr int kBlock = 256;

template <int G>
__global__ void spmv_group_per_row(const int* __restrict__ row_offsets, const int* __restrict__ columns,
                                   const float* __restrict__ values, const float* __restrict__ x,
                                   float* __restrict__ y, int rows) {
    static_assert(G >= 2 && G <= 32 && (G & (G - 1)) == 0, "a group is a power of two of lanes within a warp");
    const int lane = threadIdx.x % 32;
    const int g = lane % G;  // this lane's rank within its group
    // The group's lanes as a mask: G bits from its first lane (in 64 bits, since 1u << 32 is undefined).
    const unsigned mask = static_cast<unsigned>((1ull << G) - 1ull) << (lane - g);
    const int r = blockIdx.x * (kBlock / G) + threadIdx.x / G;
    if (r >= rows) return;  // the same for the group's G lanes: the group leaves whole
    const int begin = row_offsets[r], end = row_offsets[r + 1];

    float sum = 0.0f;
    for (int k = begin + g; k < end; k += G) sum += values[k] * x[columns[k]];
#pragma unroll
    for (int offset = G / 2; offset > 0; offset >>= 1) sum += __shfl_down_sync(mask, sum, offset, G);

    if (g == 0) y[r] = sum;  // empty rows included: their sum is 0
}

template <int G>
void launch(const int* row_offsets, const int* columns, const float* values, const float* x, float* y, int rows) {
    constexpr int kRowsPerBlock = kBlock / G;
    const int blocks = (rows - 1) / kRowsPerBlock + 1;
    spmv_group_per_row<G><<<blocks, kBlock>>>(row_offsets, columns, values, x, y, rows);
}

}  // namespace

void spmv(const int* row_offsets, const int* columns, const float* values, const float* x, float* y, int rows, int cols,
          int nnz) {
    (void)cols;
    const int average = nnz / rows;  // entries a row, rounded down; the empty rows count in it, as they cost a group
    if (average <= 2) {
        launch<2>(row_offsets, columns, values, x, y, rows);
    } else if (average <= 4) {
        launch<4>(row_offsets, columns, values, x, y, rows);
    } else if (average <= 8) {
        launch<8>(row_offsets, columns, values, x, y, rows);
    } else if (average <= 16) {
        launch<16>(row_offsets, columns, values, x, y, rows);
    } else {
        launch<32>(row_offsets, columns, values, x, y, rows);
    }
}
