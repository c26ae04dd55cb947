// The scan lab's CPU reference: out[i] = in[0] + ... + in[i] in double, with each element's error scale,
// |in[0]| + ... + |in[i]| (read by `scale: reference`); and, for a wrong element, the common slip it points to.
//
// out is one row of n, declared `whole_rows`, so the grader asks for the whole row in one call (col_begin is
// 0): the running sum runs once through in, n additions.
//
// The sums are exact: uniform floats are multiples of 2^-23 in [-1, 1) and small integers are integers, so a
// double holds every partial sum of fewer than 2^30 of them exactly. The order of the additions (four
// accumulators below) therefore cannot change a bit, however the grader splits the columns.
#include <cudagrade/reference.h>

#include <cmath>
#include <cstdio>

namespace {

struct Prefix {
  double sum = 0, magnitude = 0;
};

// in[begin..end) summed, with four independent accumulators so that the adds overlap.
Prefix sum_range(const float* in, int64_t begin, int64_t end) {
  double s[4] = {0, 0, 0, 0}, m[4] = {0, 0, 0, 0};
  int64_t j = begin;
  for (; j + 4 <= end; j += 4) {
    for (int k = 0; k < 4; ++k) {
      const double x = in[j + k];
      s[k] += x;
      m[k] += std::fabs(x);
    }
  }
  for (; j < end; ++j) {
    s[0] += in[j];
    m[0] += std::fabs(static_cast<double>(in[j]));
  }
  return {(s[0] + s[1]) + (s[2] + s[3]), (m[0] + m[1]) + (m[2] + m[3])};
}

bool near(double got, double candidate, double magnitude) {
  return std::fabs(got - candidate) <= 1e-5 * magnitude + 1e-6;
}

}  // namespace

extern "C" int cudagrade_reference(const cudagrade_reference_call* call) {
  const float* in = cudagrade_lab::input<float>(call, 0);
  const int64_t cols = call->parameters[call->output].cols;  // n: out is 1 x n
  for (int64_t r = 0; r < call->row_count; ++r) {
    if (call->rows[r] != 0) return 1;  // a 1 x n output has no other row
    Prefix prefix = sum_range(in, 0, call->col_begin);
    double* value = call->value + r * cols;
    double* scale = call->scale ? call->scale + r * cols : nullptr;
    for (int64_t c = call->col_begin; c < call->col_end; ++c) {
      const double x = in[c];
      prefix.sum += x;
      prefix.magnitude += std::fabs(x);
      value[c] = prefix.sum;
      if (scale) scale[c] = prefix.magnitude;
    }
  }
  return 0;
}

// What a wrong out[i] probably means, recognised from its value: an exclusive scan (in[i] left out), or a
// block's scan whose earlier blocks' total was never added (the value is the sum from the start of a tile).
extern "C" void cudagrade_explain(const cudagrade_reference_call* call, cudagrade_mismatch* mismatch) {
  if (mismatch->unwritten) return;
  const float* in = cudagrade_lab::input<float>(call, 0);
  const int64_t i = mismatch->col;
  const double got = mismatch->got;
  const double magnitude = sum_range(in, 0, i + 1).magnitude;
  if (in[i] != 0 && near(got, mismatch->want - in[i], magnitude)) {
    if (i == 0) {
      std::snprintf(mismatch->got_note, sizeof mismatch->got_note,
                    " (the sum of nothing: an exclusive scan? out[0] is in[0])");
    } else if (i == 1) {
      std::snprintf(mismatch->got_note, sizeof mismatch->got_note,
                    " (that is in[0] alone: an exclusive scan? out[i] includes in[i])");
    } else {
      std::snprintf(mismatch->got_note, sizeof mismatch->got_note,
                    " (that is in[0] + ... + in[%lld]: an exclusive scan? out[i] includes in[i])",
                    static_cast<long long>(i - 1));
    }
    return;
  }
  for (int64_t tile = 32; tile <= 4096; tile *= 2) {
    const int64_t start = i / tile * tile;
    if (start == 0) break;
    if (near(got, sum_range(in, start, i + 1).sum, magnitude)) {
      char terms[64];
      if (start == i) {
        std::snprintf(terms, sizeof terms, "in[%lld] alone", static_cast<long long>(i));
      } else {
        std::snprintf(terms, sizeof terms, "in[%lld] + ... + in[%lld] only", static_cast<long long>(start),
                      static_cast<long long>(i));
      }
      std::snprintf(mismatch->got_note, sizeof mismatch->got_note,
                    " (that is %s: the total of the blocks before element %lld was never added?)", terms,
                    static_cast<long long>(start));
      return;
    }
  }
}
