// The histogram lab's CPU reference: bins[v] = the number of i with in[i] == v, for the columns [col_begin,
// col_end) of bins asked (bins is one row of num_bins). Counted in 64 bits: n < 2^31, so every count is exact.
// And, for a wrong count, the slip it most likely points to (cudagrade_explain).
#include <cudagrade/reference.h>

#include <cstdio>
#include <vector>

extern "C" int cudagrade_reference(const cudagrade_reference_call* call) {
  const uint32_t* in = cudagrade_lab::input<uint32_t>(call, 0);
  const int64_t n = cudagrade_lab::size(call, 0);
  const int64_t begin = call->col_begin, end = call->col_end;
  std::vector<int64_t> counts(static_cast<size_t>(end - begin), 0);
  for (int64_t i = 0; i < n; ++i) {
    const int64_t v = in[i];
    if (v >= begin && v < end) ++counts[static_cast<size_t>(v - begin)];
  }
  // One row (row 0) is ever asked for, at value + 0 * cols.
  for (int64_t c = begin; c < end; ++c) call->value[c] = static_cast<double>(counts[static_cast<size_t>(c - begin)]);
  return 0;
}

// Common slips, recognised from the wrong count.
extern "C" void cudagrade_explain(const cudagrade_reference_call* call, cudagrade_mismatch* mismatch) {
  // The grader prints no note after "never written", so an empty bin says it in its expected value.
  if (mismatch->unwritten) {
    if (mismatch->want == 0) {
      std::snprintf(mismatch->want_text, sizeof mismatch->want_text, "0 (an empty bin, to be written with 0 all the same)");
    }
    return;
  }
  const int64_t n = cudagrade_lab::size(call, 0);
  const double want = mismatch->want, got = mismatch->got;
  const char* note = "";
  if (got > static_cast<double>(n)) {
    note = " (more than n: was bins zeroed before counting into it?)";
  } else if (got < want) {
    note = " (too few: increments lost to a non-atomic ++, or elements never counted)";
  } else if (got > want && got == 2 * want) {
    note = " (exactly twice: elements counted twice, or a private histogram merged twice?)";
  }
  std::snprintf(mismatch->got_note, sizeof mismatch->got_note, "%s", note);
}
