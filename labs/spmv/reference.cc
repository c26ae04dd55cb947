// The SpMV lab's CPU reference: y[r] = sum over k in [row_offsets[r], row_offsets[r + 1]) of
// values[k] * x[columns[k]], in double, for the entries of y asked (y is one row of `rows`: column c of it is
// matrix row c). The scale is the sum of the products' magnitudes, the row's forward-error scale. And, for a
// wrong element, the slip it most likely points to (cudagrade_explain).
#include <cudagrade/reference.h>

#include <cmath>
#include <cstdio>

namespace {

struct Csr {
  const int32_t* offsets;
  const int32_t* columns;
  const float* values;
  const float* x;
};

Csr csr_of(const cudagrade_reference_call* call) {
  return {cudagrade_lab::input<int32_t>(call, 0), cudagrade_lab::input<int32_t>(call, 1),
          cudagrade_lab::input<float>(call, 2), cudagrade_lab::input<float>(call, 3)};
}

double product(const Csr& a, int64_t k) {
  return static_cast<double>(a.values[k]) * a.x[a.columns[k]];
}

// The sum of entries [begin, end) of the matrix's arrays.
double sum(const Csr& a, int64_t begin, int64_t end) {
  double total = 0;
  for (int64_t k = begin; k < end; ++k) total += product(a, k);
  return total;
}

}  // namespace

extern "C" int cudagrade_reference(const cudagrade_reference_call* call) {
  const Csr a = csr_of(call);
  for (int64_t r = call->col_begin; r < call->col_end; ++r) {
    double total = 0, magnitude = 0;
    for (int64_t k = a.offsets[r]; k < a.offsets[r + 1]; ++k) {
      total += product(a, k);
      magnitude += std::fabs(product(a, k));
    }
    call->value[r] = total;
    if (call->scale) call->scale[r] = magnitude;
  }
  return 0;
}

// Common slips of a CSR loop, recognised by recomputing the row as the slip would have it.
extern "C" void cudagrade_explain(const cudagrade_reference_call* call, cudagrade_mismatch* mismatch) {
  const Csr a = csr_of(call);
  const int64_t rows = cudagrade_lab::size(call, 0);
  const int64_t r = mismatch->col, begin = a.offsets[r], end = a.offsets[r + 1];
  if (mismatch->unwritten) {
    if (begin == end) {
      std::snprintf(mismatch->want_text, sizeof mismatch->want_text,
                    "0 (row %lld is empty, and must be written with 0)", static_cast<long long>(r));
    }
    return;
  }
  const double got = mismatch->got;
  const auto near = [got](double value) { return std::fabs(got - value) <= 1e-5 * (1 + std::fabs(value)); };
  const char* note = "";
  if (end > begin && near(sum(a, begin, end - 1))) {
    note = " (the row without its last entry: a loop that stops one short of row_offsets[r + 1]?)";
  } else if (end > begin + 1 && near(product(a, begin))) {
    note = " (only the row's first entry: the other lanes' or iterations' products were not added?)";
  } else if (r + 1 < rows && near(sum(a, a.offsets[r + 1], a.offsets[r + 2]))) {
    note = " (that is row r + 1's sum: an off-by-one row index?)";
  }
  std::snprintf(mismatch->got_note, sizeof mismatch->got_note, "%s", note);
}
