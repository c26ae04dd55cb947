// Reference rung 1: one thread per image row.
//
// Teaches: 64-bit sums and a double mean. Each thread walks its row alone; neighbouring threads read pixels
// cols bytes apart, so no load is coalesced, and a short image leaves most of the GPU idle.
//
// Run: cudagrade --root COURSE check row_stats reference/row_stats/naive.cu
// Sizes: pixels is rows x cols uint8_t, row-major; mean, sum_sq and brightest hold rows elements each.

#include "row_stats.cuh"

namespace {

constexpr int kBlock = 128;

__global__ void row_stats_naive_kernel(const uint8_t* pixels, double* mean, int64_t* sum_sq, uint8_t* brightest,
                                       int rows, int cols) {
    const int r = blockIdx.x * blockDim.x + threadIdx.x;
    if (r >= rows) return;
    const uint8_t* row = pixels + static_cast<size_t>(r) * cols;
    int64_t sum = 0, squares = 0;
    uint8_t top = 0;
    for (int i = 0; i < cols; ++i) {
        sum += row[i];
        squares += static_cast<int64_t>(row[i]) * row[i];
        top = row[i] > top ? row[i] : top;
    }
    mean[r] = static_cast<double>(sum) / cols;
    sum_sq[r] = squares;
    brightest[r] = top;
}

}  // namespace

void row_stats(const uint8_t* pixels, double* mean, int64_t* sum_sq, uint8_t* brightest, int rows, int cols) {
    row_stats_naive_kernel<<<(rows + kBlock - 1) / kBlock, kBlock>>>(pixels, mean, sum_sq, brightest, rows, cols);
}
