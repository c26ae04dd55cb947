// cudagrade-expect: rejected
// The "solution" hands the work to cuBLAS. It would pass every correctness case and beat every speed
// threshold, so the grader refuses it before anything runs: the student sees
// "rejected: uses cublasSgemm_v2: cuBLAS would do the lab's work; write the kernel yourself".
#include <cublas_v2.h>

#include "matmul.cuh"

void matmul(const float* A, const float* B, float* C, int M, int K, int N) {
  static cublasHandle_t handle = nullptr;
  if (handle == nullptr) cublasCreate(&handle);
  const float one = 1.0f, zero = 0.0f;
  // Row-major C = A B is column-major C^T = B^T A^T.
  cublasSgemm(handle, CUBLAS_OP_N, CUBLAS_OP_N, N, M, K, &one, B, N, A, K, &zero, C, N);
}
