// The conv2d lab's CPU reference: out[r][c] = sum over |dr|, |dc| <= radius of image[r + dr][c + dc] *
// mask[dr + radius][dc + radius], zero outside the image, in double; with each element's error scale, the
// sum of |image * mask| over the same terms (read by `scale: reference`). And, for a wrong element, the
// common slip it points to: the mask read transposed, or flipped (a textbook convolution).
//
// A call asks for a few rows of out and a range of their columns. Each element's terms are added in the same
// order (dr, then dc), so the values are the same bits however the grader splits the work; the innermost loop
// runs along a row of the image, so the block's rows stay in cache.
#include <cudagrade/reference.h>

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace {

struct Term {
  double value, magnitude;
};

// out[row][col] with the mask element for (dr, dc) taken from mask_index(dr, dc): the lab's formula, or a slip.
template <typename MaskIndex>
Term one_element(const cudagrade_reference_call* call, int64_t row, int64_t col, MaskIndex mask_index) {
  const float* image = cudagrade_lab::input<float>(call, 0);
  const float* mask = cudagrade_lab::input<float>(call, 1);
  const int64_t rows = cudagrade_lab::size(call, 0), cols = cudagrade_lab::size(call, 1);
  const int64_t radius = cudagrade_lab::size(call, 2);
  Term sum{0, 0};
  for (int64_t dr = -radius; dr <= radius; ++dr) {
    if (row + dr < 0 || row + dr >= rows) continue;
    for (int64_t dc = -radius; dc <= radius; ++dc) {
      if (col + dc < 0 || col + dc >= cols) continue;
      const double term = static_cast<double>(image[(row + dr) * cols + col + dc]) * mask[mask_index(dr, dc)];
      sum.value += term;
      sum.magnitude += std::fabs(term);
    }
  }
  return sum;
}

}  // namespace

extern "C" int cudagrade_reference(const cudagrade_reference_call* call) {
  const float* image = cudagrade_lab::input<float>(call, 0);
  const float* mask = cudagrade_lab::input<float>(call, 1);
  const int64_t rows = cudagrade_lab::size(call, 0), cols = cudagrade_lab::size(call, 1);
  const int64_t radius = cudagrade_lab::size(call, 2), width = 2 * radius + 1;
  for (int64_t k = 0; k < call->row_count; ++k) {
    const int64_t row = call->rows[k];
    double* value = call->value + k * cols;
    double* scale = call->scale ? call->scale + k * cols : nullptr;
    for (int64_t c = call->col_begin; c < call->col_end; ++c) {
      value[c] = 0;
      if (scale) scale[c] = 0;
    }
    for (int64_t dr = -radius; dr <= radius; ++dr) {
      if (row + dr < 0 || row + dr >= rows) continue;  // zero padding: rows outside the image add nothing
      const float* image_row = image + (row + dr) * cols;
      for (int64_t dc = -radius; dc <= radius; ++dc) {
        const double m = mask[(dr + radius) * width + dc + radius];
        const double m_abs = std::fabs(m);
        // The columns whose neighbour c + dc lies inside the image.
        const int64_t first = std::max(call->col_begin, -dc), last = std::min(call->col_end, cols - dc);
        for (int64_t c = first; c < last; ++c) {
          const double x = image_row[c + dc];
          value[c] += x * m;
          if (scale) scale[c] += std::fabs(x) * m_abs;
        }
      }
    }
  }
  return 0;
}

// What a wrong element probably means, recognised from its value.
extern "C" void cudagrade_explain(const cudagrade_reference_call* call, cudagrade_mismatch* mismatch) {
  if (mismatch->unwritten) return;
  const int64_t radius = cudagrade_lab::size(call, 2), width = 2 * radius + 1;
  if (radius == 0) return;
  const double got = mismatch->got;
  const Term right = one_element(call, mismatch->row, mismatch->col,
                                 [&](int64_t dr, int64_t dc) { return (dr + radius) * width + dc + radius; });
  const double slack = 1e-5 * right.magnitude + 1e-6;
  const Term transposed = one_element(call, mismatch->row, mismatch->col,
                                      [&](int64_t dr, int64_t dc) { return (dc + radius) * width + dr + radius; });
  if (std::fabs(got - transposed.value) <= slack) {
    std::snprintf(mismatch->got_note, sizeof mismatch->got_note,
                  " (that is the mask read transposed, mask[dc + radius][dr + radius]: row and column swapped?)");
    return;
  }
  const Term flipped = one_element(call, mismatch->row, mismatch->col,
                                   [&](int64_t dr, int64_t dc) { return (radius - dr) * width + radius - dc; });
  if (std::fabs(got - flipped.value) <= slack) {
    std::snprintf(mismatch->got_note, sizeof mismatch->got_note,
                  " (that is the mask flipped, mask[radius - dr][radius - dc]: this lab's mask is not flipped)");
  }
}
