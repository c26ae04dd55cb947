// The transpose lab's CPU reference: out[r, c] = in[c, r], out being cols x rows. And, for a wrong element,
// where its value came from: a student reads "that is in[3, 5]" and sees the swapped index at once. Uniform
// floats make a chance match between different elements rare.
#include <cudagrade/reference.h>

#include <cstdio>
#include <cstring>

// Column by column of the block: a column of out is a run of a row of in, so in is read in order and the block's
// few rows of values stay in cache while they are written.
extern "C" int cudagrade_reference(const cudagrade_reference_call* call) {
  const float* in = cudagrade_lab::input<float>(call, 0);
  const int64_t in_cols = cudagrade_lab::size(call, 1), out_cols = cudagrade_lab::size(call, 0);
  for (int64_t c = call->col_begin; c < call->col_end; ++c) {
    const float* in_row = in + c * in_cols;
    for (int64_t r = 0; r < call->row_count; ++r) call->value[r * out_cols + c] = in_row[call->rows[r]];
  }
  return 0;
}

extern "C" void cudagrade_explain(const cudagrade_reference_call* call, cudagrade_mismatch* mismatch) {
  const float* in = cudagrade_lab::input<float>(call, 0);
  const int64_t rows = cudagrade_lab::size(call, 0), cols = cudagrade_lab::size(call, 1);
  std::snprintf(mismatch->want_text, sizeof mismatch->want_text, "in[%lld, %lld] = %g", static_cast<long long>(mismatch->col),
                static_cast<long long>(mismatch->row), mismatch->want);
  if (mismatch->unwritten) return;
  const float got = static_cast<float>(mismatch->got);
  for (int64_t i = 0; i < rows * cols; ++i) {
    if (std::memcmp(&in[i], &got, sizeof got) != 0) continue;
    const bool copied = i == mismatch->row * rows + mismatch->col;
    std::snprintf(mismatch->got_note, sizeof mismatch->got_note, " (that is in[%lld, %lld]%s)",
                  static_cast<long long>(i / cols), static_cast<long long>(i % cols),
                  copied ? ": the same linear index, a copy, not a transpose?" : "");
    return;
  }
}
