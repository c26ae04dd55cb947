// cudagrade-expect: wrong_answer
// Mistake: the mean is divided in float. A row's sum is exact, but one float division is about 1e-8 off,
// far outside the double precision the lab asks (1e-12 relative): every mean[r] is wrong.

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
    mean[r] = static_cast<float>(sum) / static_cast<float>(cols);
    sum_sq[r] = squares;
    brightest[r] = top;
}

}  // namespace

void row_stats(const uint8_t* pixels, double* mean, int64_t* sum_sq, uint8_t* brightest, int rows, int cols) {
    row_stats_naive_kernel<<<(rows + kBlock - 1) / kBlock, kBlock>>>(pixels, mean, sum_sq, brightest, rows, cols);
}
