// The softmax lab's CPU reference: out[r, c] = exp(in[r, c] - m) / sum_k exp(in[r, k] - m), m = max_k in[r, k],
// in double, for the rows and columns of out asked. A row's max and sum need the whole row, so each call
// computes them for each of its rows, then writes the asked columns. And, for a wrong element, the slip it
// most likely points to (cudagrade_explain).
#include <cudagrade/reference.h>

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace {

struct RowStats {
  double max, sum;
};

RowStats row_stats(const float* x, int64_t cols) {
  double m = x[0];
  for (int64_t c = 1; c < cols; ++c) m = std::max(m, static_cast<double>(x[c]));
  double s = 0;
  for (int64_t c = 0; c < cols; ++c) s += std::exp(static_cast<double>(x[c]) - m);
  return {m, s};
}

}  // namespace

extern "C" int cudagrade_reference(const cudagrade_reference_call* call) {
  const float* in = cudagrade_lab::input<float>(call, 0);
  const int64_t cols = cudagrade_lab::size(call, 1);
  for (int64_t r = 0; r < call->row_count; ++r) {
    const float* x = in + call->rows[r] * cols;
    const RowStats stats = row_stats(x, cols);
    double* value = call->value + r * cols;
    for (int64_t c = call->col_begin; c < call->col_end; ++c) value[c] = std::exp(static_cast<double>(x[c]) - stats.max) / stats.sum;
  }
  return 0;
}

// Common slips, recognised from the wrong value and the row it is in.
extern "C" void cudagrade_explain(const cudagrade_reference_call* call, cudagrade_mismatch* mismatch) {
  if (mismatch->unwritten) return;
  const float* in = cudagrade_lab::input<float>(call, 0);
  const int64_t cols = cudagrade_lab::size(call, 1);
  const float* x = in + mismatch->row * cols;
  const RowStats stats = row_stats(x, cols);
  const double got = mismatch->got, want = mismatch->want;
  const double unnormalised = std::exp(static_cast<double>(x[mismatch->col]) - stats.max);
  const char* note = "";
  char text[160];
  if (stats.max > 88.7 && (!std::isfinite(got) || got == 0)) {
    // inf / inf for the elements that overflowed, x / inf = 0 for the others.
    note = " (exp(x) overflows float above x = 88.7, and this row reaches it: subtract the row's max first)";
  } else if (!std::isfinite(got)) {
    note = " (not a number: a division of 0 by 0, or of inf by inf?)";
  } else if (got > 1.0 + 1e-6) {
    note = " (above 1: softmax values are probabilities; was the division by the row's sum left out?)";
  } else if (unnormalised != want && std::fabs(got - unnormalised) <= 1e-5 * unnormalised) {
    note = " (that is exp(in - max) before the division by the row's sum)";
  } else if (want > 1e-30 && got > 0 && std::fabs(got / want - 1) > 0.01) {
    std::snprintf(text, sizeof text, " (%.4g times the right value: the max or the sum used for this element is not the whole row's?)",
                  got / want);
    std::snprintf(mismatch->got_note, sizeof mismatch->got_note, "%s", text);
    return;
  }
  std::snprintf(mismatch->got_note, sizeof mismatch->got_note, "%s", note);
}
