// The row_stats lab's CPU reference: for the image rows asked (the output's columns: each output is one row
// of `rows` values), the mean, the sum of squares and the brightest pixel. Sums are integers, exact in int64_t.
#include <cudagrade/reference.h>

#include <algorithm>

extern "C" int cudagrade_reference(const cudagrade_reference_call* call) {
  const uint8_t* pixels = cudagrade_lab::input<uint8_t>(call, 0);
  const int64_t cols = cudagrade_lab::size(call, 1);
  const int64_t out_cols = call->parameters[call->output].cols;
  for (int64_t r = 0; r < call->row_count; ++r) {
    for (int64_t image_row = call->col_begin; image_row < call->col_end; ++image_row) {
      const uint8_t* row = pixels + image_row * cols;
      int64_t sum = 0, sum_sq = 0;
      uint8_t brightest = 0;
      for (int64_t i = 0; i < cols; ++i) {
        sum += row[i];
        sum_sq += int64_t{row[i]} * row[i];
        brightest = std::max(brightest, row[i]);
      }
      double value = brightest;
      if (call->output == 1) value = static_cast<double>(sum) / static_cast<double>(cols);
      if (call->output == 2) value = static_cast<double>(sum_sq);
      call->value[r * out_cols + image_row] = value;
    }
  }
  return 0;
}
