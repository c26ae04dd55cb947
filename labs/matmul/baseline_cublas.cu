// Timing baseline for the matmul lab: the "speed of light" that student kernels are timed against.
//
// A trusted matmul() on cuBLAS SGEMM in plain FP32 (default math mode: no TF32, so it does the same
// arithmetic a student's FP32 kernel does). Built by the grader, not by students, and linked with
// -lcublas.
//
// Shapes: A is M x K, B is K x N, C is M x N, all row-major float32 in device memory; any M, K, N >= 1.
//
// cuBLAS is column-major. A row-major X of r x c is, byte for byte, the column-major X^T (c x r). So
// we ask cuBLAS for C^T = B^T A^T, all column-major: an N x M result from B^T (N x K, ld N) times
// A^T (K x M, ld K), with ld N for C^T. Its bytes are exactly row-major C. No transposes are made.

#include "matmul.cuh"

#include <cstdio>
#include <cstdlib>
#include <cublas_v2.h>
#include <cuda_runtime.h>

namespace {

// matmul() returns nothing, so a cuBLAS failure cannot be reported through it; the harness would
// otherwise see a clean cudaGetLastError and an unwritten C. Abort instead: the harness reports a
// crash of the baseline, which is what it is.
void check(cublasStatus_t status, const char* what) {
    if (status != CUBLAS_STATUS_SUCCESS) {
        std::fprintf(stderr, "baseline_cublas: %s failed: %s (%d)\n", what, cublasGetStatusString(status),
                     static_cast<int>(status));
        std::abort();
    }
}

cublasHandle_t handle() {
    // Created once: cublasCreate costs milliseconds and allocates, which must not be timed per call.
    // Never destroyed; process exit releases it.
    static cublasHandle_t h = [] {
        cublasHandle_t created = nullptr;
        check(cublasCreate(&created), "cublasCreate");
        // Explicit, so nobody has to know the default: no TF32 tensor-core shortcut.
        check(cublasSetMathMode(created, CUBLAS_DEFAULT_MATH), "cublasSetMathMode");
        // Same stream as student kernels, so timing and ordering match.
        check(cublasSetStream(created, 0), "cublasSetStream");
        return created;
    }();
    return h;
}

}  // namespace

void matmul(const float* A, const float* B, float* C, int M, int K, int N) {
    const float one = 1.0f, zero = 0.0f;  // beta = 0: C's NaN poison is never read
    check(cublasSgemm(handle(), CUBLAS_OP_N, CUBLAS_OP_N, N, M, K, &one, B, N, A, K, &zero, C, N),
          "cublasSgemm");
}
