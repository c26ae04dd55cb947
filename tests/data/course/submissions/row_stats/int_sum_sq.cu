// cudagrade-expect: wrong_answer
// Mistake: the sum of squares is kept in a 32-bit unsigned int. A row of 400,000 pixels sums to about 8.7e9,
// past 2^32, and wraps: the long-row case's sum_sq is wrong, while the short rows pass.

#include "row_stats.cuh"

namespace {

constexpr int kBlock = 128;

__global__ void row_stats_naive_kernel(const uint8_t* pixels, double* mean, int64_t* sum_sq, uint8_t* brightest,
                                       int rows, int cols) {
    const int r = blockIdx.x * blockDim.x + threadIdx.x;
    if (r >= rows) return;
    const uint8_t* row = pixels + static_cast<size_t>(r) * cols;
    int64_t sum = 0;
    unsigned squares = 0;
    uint8_t top = 0;
    for (int i = 0; i < cols; ++i) {
        sum += row[i];
        squares += row[i] * row[i];
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
