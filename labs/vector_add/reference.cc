// The vector_add lab's CPU reference: C[i] = A[i] + B[i], for the block of rows and columns of C asked (C is
// one row of n). The sum is computed in float: that single rounding is the exact answer the lab checks.
#include <cudagrade/reference.h>

extern "C" int cudagrade_reference(const cudagrade_reference_call* call) {
  const float* a = cudagrade_lab::input<float>(call, 0);
  const float* b = cudagrade_lab::input<float>(call, 1);
  const int64_t cols = call->parameters[call->output].cols;
  for (int64_t r = 0; r < call->row_count; ++r) {
    const int64_t first = call->rows[r] * cols;
    for (int64_t c = call->col_begin; c < call->col_end; ++c) call->value[r * cols + c] = a[first + c] + b[first + c];
  }
  return 0;
}
