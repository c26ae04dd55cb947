// Timing baseline for the reduction lab: the "speed of light" that students' reduce_sum() is timed
// against on the same GPU. It is NVIDIA's tuned library reduction, cub::DeviceReduce::Sum, behind
// the lab's interface, so it is trusted to be both correct and as fast as the hardware allows.
//
// CUB needs temporary device storage. The lab's `scratch` (4*n bytes) is used when it is large
// enough, so timed calls normally allocate nothing; for tiny n a static buffer is allocated once and
// only grown, never freed per call. Any CUDA failure here is a grader bug, not a student error, so
// it is reported on stderr and aborts.

#include <cstddef>
#include <cstdio>
#include <cstdlib>

#include <cub/cub.cuh>

#include "reduction.cuh"

namespace {

void check(cudaError_t status, const char* what) {
    if (status != cudaSuccess) {
        std::fprintf(stderr, "baseline_cub: %s failed: %s\n", what, cudaGetErrorString(status));
        std::abort();
    }
}

// Temporary storage for when scratch is too small; grows monotonically for the process lifetime.
void* g_fallback = nullptr;
std::size_t g_fallback_bytes = 0;

void* fallback_storage(std::size_t bytes) {
    if (bytes > g_fallback_bytes) {
        if (g_fallback != nullptr) check(cudaFree(g_fallback), "cudaFree(fallback temp storage)");
        g_fallback = nullptr;
        g_fallback_bytes = 0;
        check(cudaMalloc(&g_fallback, bytes), "cudaMalloc(fallback temp storage)");
        g_fallback_bytes = bytes;
    }
    return g_fallback;
}

}  // namespace

void reduce_sum(const int* in, int* out, int n, int* scratch) {
    // With a null storage pointer CUB only computes the size it needs; this launches nothing.
    std::size_t temp_bytes = 0;
    check(cub::DeviceReduce::Sum(nullptr, temp_bytes, in, out, n), "cub::DeviceReduce::Sum (size query)");

    const std::size_t scratch_bytes = static_cast<std::size_t>(n) * sizeof(int);
    void* temp = (temp_bytes <= scratch_bytes) ? static_cast<void*>(scratch) : fallback_storage(temp_bytes);

    check(cub::DeviceReduce::Sum(temp, temp_bytes, in, out, n), "cub::DeviceReduce::Sum");
    check(cudaGetLastError(), "cub::DeviceReduce::Sum launch");
}
