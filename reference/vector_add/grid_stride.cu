// Reference rung 2: a grid-stride loop over a grid sized to the GPU, not to n.
//
// Teaches: decoupling the grid from the problem size. The grid is a fixed number of blocks per SM (just
// enough to fill every SM with resident threads), and each thread walks the array in steps of the whole
// grid's width: i, i + stride, i + 2 stride, ... Consecutive lanes still touch consecutive floats in every
// step, so the accesses stay coalesced; but the GPU now schedules a few thousand blocks instead of n / 256,
// and the same launch is correct for any n: the loop condition `i < n` is the bounds check, and a thread
// whose first index is already past the end simply does no iteration. Small n gets fewer blocks (one per 256
// elements), so no block is launched that has nothing to do.
//
// The grid size comes from the SM count (cudaDeviceGetAttribute), queried once. It affects speed only,
// never the result, so if the query fails a fixed count stands in. At n = 2^26 on an H200: 0.225 ms against
// naive.cu's 0.237, about 5% faster.
//
// Its problem, which vectorized.cu fixes: every element still costs two 4-byte load instructions and one
// 4-byte store, with the loop's index arithmetic around them. For a kernel that only moves bytes, what
// keeps DRAM busy is bytes in flight per thread; 16-byte accesses carry four times as many per instruction.
//
// Run: cudagrade check vector_add reference/vector_add/grid_stride.cu
//      cudagrade bench vector_add --size 67108864   (on a GPU)
// Sizes: A, B and C hold n float32 in device memory; any n >= 1.

#include "vector_add.cuh"

#include <cuda_runtime.h>

namespace {

constexpr int kBlock = 256;
constexpr int kBlocksPerSm = 8;       // 8 x 256 = 2048 threads: all an sm_90 SM can keep resident
constexpr int kFallbackSms = 132;     // used only if the SM count cannot be queried (an H100 SXM has 132)

__global__ void vector_add_grid_stride_kernel(const float* __restrict__ A, const float* __restrict__ B,
                                              float* __restrict__ C, int n) {
    // size_t: i + stride must not wrap around for n close to INT_MAX.
    const size_t stride = static_cast<size_t>(gridDim.x) * blockDim.x;
    for (size_t i = static_cast<size_t>(blockIdx.x) * blockDim.x + threadIdx.x; i < static_cast<size_t>(n);
         i += stride) {
        C[i] = A[i] + B[i];
    }
}

// Number of SMs of the current device, queried once: the attribute query is a host round trip we do not
// want on every call. If it fails, its error stays in the runtime's last-error slot for the caller's
// cudaGetLastError; we fall back to a fixed count and try again next call.
int sm_count() {
    static int cached = 0;
    if (cached > 0) return cached;
    int device = 0;
    int sms = 0;
    if (cudaGetDevice(&device) != cudaSuccess) return kFallbackSms;
    if (cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device) != cudaSuccess || sms <= 0)
        return kFallbackSms;
    cached = sms;
    return cached;
}

}  // namespace

// Launch errors are left for the caller to collect with cudaGetLastError.
void vector_add(const float* A, const float* B, float* C, int n) {
    const size_t needed = (static_cast<size_t>(n) + kBlock - 1) / kBlock;  // one block per 256 elements
    const size_t max_blocks = static_cast<size_t>(sm_count()) * kBlocksPerSm;
    const unsigned blocks = static_cast<unsigned>(needed < max_blocks ? needed : max_blocks);
    vector_add_grid_stride_kernel<<<blocks, kBlock>>>(A, B, C, n);
}
