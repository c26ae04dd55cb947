// Timing baseline for the SpMV lab: NVIDIA's library SpMV behind the lab's interface, which `bench` times
// beside the ladder. Trusted to be correct, and as fast as a general-purpose CSR kernel gets.
//
// A trusted spmv() on cuSPARSE's generic API: cusparseSpMV with CUSPARSE_SPMV_ALG_DEFAULT, float32 values and
// compute, 32-bit indices, base 0. Built by the grader, not by students, and linked with -lcusparse.
//
// Shapes: row_offsets holds rows + 1 ints, columns and values nnz entries (each row's columns distinct and
// ascending, as cuSPARSE expects), x cols floats, y rows floats; all device memory; rows, cols, nnz >= 1.
//
// It is timed per call, so what costs milliseconds or allocates is done once: the handle is created on the
// first call, and the workspace cusparseSpMV asks for is kept in a static and only grown (on the first call of
// a larger size, which the grader's warm-up makes), never freed per call. The two dense-vector descriptors and
// the matrix's are created and destroyed on every call: they only record pointers and sizes on the host, a
// microsecond or so against the kernel. The first call also asks for the buffer's size, as the API requires;
// later calls ask again (also host-only) since the sizes may change between calls.

#include "spmv.cuh"

#include <cstddef>
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>
#include <cusparse.h>

namespace {

// spmv() returns nothing, so a failure cannot be reported through it; the harness would otherwise see a clean
// cudaGetLastError and an unwritten y. Abort instead: the harness reports a crash of the baseline, which is
// what it is.
void check(cusparseStatus_t status, const char* what) {
    if (status != CUSPARSE_STATUS_SUCCESS) {
        std::fprintf(stderr, "baseline_cusparse: %s failed: %s (%d)\n", what, cusparseGetErrorString(status),
                     static_cast<int>(status));
        std::abort();
    }
}

void check(cudaError_t status, const char* what) {
    if (status != cudaSuccess) {
        std::fprintf(stderr, "baseline_cusparse: %s failed: %s\n", what, cudaGetErrorString(status));
        std::abort();
    }
}

cusparseHandle_t handle() {
    // Created once: cusparseCreate costs milliseconds and allocates, which must not be timed per call. Never
    // destroyed; process exit releases it.
    static cusparseHandle_t h = [] {
        cusparseHandle_t created = nullptr;
        check(cusparseCreate(&created), "cusparseCreate");
        // Same stream as student kernels, so timing and ordering match.
        check(cusparseSetStream(created, 0), "cusparseSetStream");
        return created;
    }();
    return h;
}

// The workspace: grows monotonically for the process's lifetime. cudaFree and cudaMalloc synchronise, so a
// growth must not happen in a timed call; it happens in the first call of a size, the grader's warm-up.
void* g_workspace = nullptr;
std::size_t g_workspace_bytes = 0;

void* workspace(std::size_t bytes) {
    if (bytes > g_workspace_bytes) {
        if (g_workspace != nullptr) check(cudaFree(g_workspace), "cudaFree(workspace)");
        g_workspace = nullptr;
        g_workspace_bytes = 0;
        check(cudaMalloc(&g_workspace, bytes), "cudaMalloc(workspace)");
        g_workspace_bytes = bytes;
    }
    return g_workspace;  // may stay null while no call has asked for bytes: cuSPARSE accepts that
}

}  // namespace

void spmv(const int* row_offsets, const int* columns, const float* values, const float* x, float* y, int rows, int cols,
          int nnz) {
    cusparseHandle_t h = handle();
    cusparseConstSpMatDescr_t a = nullptr;
    check(cusparseCreateConstCsr(&a, rows, cols, nnz, row_offsets, columns, values, CUSPARSE_INDEX_32I,
                                 CUSPARSE_INDEX_32I, CUSPARSE_INDEX_BASE_ZERO, CUDA_R_32F),
          "cusparseCreateConstCsr");
    cusparseConstDnVecDescr_t vec_x = nullptr;
    check(cusparseCreateConstDnVec(&vec_x, cols, x, CUDA_R_32F), "cusparseCreateConstDnVec(x)");
    cusparseDnVecDescr_t vec_y = nullptr;
    check(cusparseCreateDnVec(&vec_y, rows, y, CUDA_R_32F), "cusparseCreateDnVec(y)");

    // beta = 0: y = A x, and y's garbage on entry (the grader's NaN poison) is not read.
    const float one = 1.0f, zero = 0.0f;
    std::size_t bytes = 0;
    check(cusparseSpMV_bufferSize(h, CUSPARSE_OPERATION_NON_TRANSPOSE, &one, a, vec_x, &zero, vec_y, CUDA_R_32F,
                                  CUSPARSE_SPMV_ALG_DEFAULT, &bytes),
          "cusparseSpMV_bufferSize");
    check(cusparseSpMV(h, CUSPARSE_OPERATION_NON_TRANSPOSE, &one, a, vec_x, &zero, vec_y, CUDA_R_32F,
                       CUSPARSE_SPMV_ALG_DEFAULT, workspace(bytes)),
          "cusparseSpMV");

    check(cusparseDestroyDnVec(vec_y), "cusparseDestroyDnVec(y)");
    check(cusparseDestroyDnVec(vec_x), "cusparseDestroyDnVec(x)");
    check(cusparseDestroySpMat(a), "cusparseDestroySpMat");
}
