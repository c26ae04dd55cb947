// The matmul lab's CPU reference: rows of C = A x B accumulated in float64, with each element's error scale,
// sum_k |A[i,k] * B[k,j]| (the forward-error scale of a length-K dot product, read by `scale: reference`).
// A block of rows shares one pass over B: row k of B's chunk stays in cache across the block. Each element is
// summed over k in order, so the values are the same bits however the grader splits the work.
#include <cudagrade/reference.h>

#include <cmath>

namespace {

double as_double(const float* matrix, int64_t index) {
  return static_cast<double>(matrix[index]);
}

}  // namespace

extern "C" int cudagrade_reference(const cudagrade_reference_call* call) {
  const float* a = cudagrade_lab::input<float>(call, 0);  // M x K
  const float* b = cudagrade_lab::input<float>(call, 1);  // K x N
  const int64_t k_size = cudagrade_lab::size(call, 1), n_size = cudagrade_lab::size(call, 2);
  for (int64_t r = 0; r < call->row_count; ++r) {
    for (int64_t j = call->col_begin; j < call->col_end; ++j) call->value[r * n_size + j] = call->scale[r * n_size + j] = 0;
  }
  for (int64_t k = 0; k < k_size; ++k) {
    const float* b_row = b + k * n_size;
    for (int64_t r = 0; r < call->row_count; ++r) {
      const double a_ik = as_double(a, call->rows[r] * k_size + k);
      const double a_abs = std::fabs(a_ik);
      double* value = call->value + r * n_size;
      double* magnitude = call->scale + r * n_size;
      for (int64_t j = call->col_begin; j < call->col_end; ++j) {
        const double b_kj = b_row[j];
        value[j] += a_ik * b_kj;
        magnitude[j] += a_abs * std::fabs(b_kj);
      }
    }
  }
  return 0;
}
