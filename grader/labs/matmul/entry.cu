// Runner entry for the matmul lab. Buffer order (grader/labs/matmul/matmul_lab.cc): A, B, C.
// dims: M, K, N.
#include "matmul.cuh"
#include "harness/entry.h"

void cudagrade_call_entry(void* const* data, const int64_t* dims) {
  matmul(static_cast<const float*>(data[0]), static_cast<const float*>(data[1]), static_cast<float*>(data[2]),
         static_cast<int>(dims[0]), static_cast<int>(dims[1]), static_cast<int>(dims[2]));
}
