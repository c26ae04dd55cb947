// Reference rung 1: the naive kernel, one thread per element.
//
// Teaches: the basic CUDA mapping of an elementwise operation onto a 1D grid. Thread i of the grid (global
// index blockIdx.x * blockDim.x + threadIdx.x) computes C[i]; the grid is rounded up to whole blocks of 256
// threads, so the last block usually has threads past the end, and the bounds check keeps them from reading
// or writing. Consecutive lanes touch consecutive floats, so every warp's loads and stores are coalesced
// (128 bytes: 4 sectors, the ideal), and the kernel already moves its bytes at over 80% of copy.cu's rate:
// 0.237 ms at n = 2^26 on an H200, 3.4 TB/s of the 768 MiB it must move. This is the lab's speed reference:
// the performance case grades a submission's time against this kernel's.
//
// Its problem, which grid_stride.cu addresses: one thread does one element and exits, so at n = 2^26 the
// GPU schedules 262,144 blocks, each paying its start-up and index arithmetic for 256 adds.
//
// Run: cudagrade check vector_add reference/vector_add/naive.cu
//      cudagrade bench vector_add --size 67108864   (on a GPU: the ladder, with copy.cu as the bandwidth line)
// Sizes: A, B and C hold n float32 in device memory; any n >= 1.

#include "vector_add.cuh"

#include <cuda_runtime.h>

namespace {

constexpr int kBlock = 256;

__global__ void vector_add_naive_kernel(const float* __restrict__ A, const float* __restrict__ B,
                                        float* __restrict__ C, int n) {
    // size_t: blockIdx.x * blockDim.x passes 2^31 in the last blocks when n is close to INT_MAX.
    const size_t i = static_cast<size_t>(blockIdx.x) * blockDim.x + threadIdx.x;
    // The rounded-up grid has threads past the end of the arrays; they must neither read nor write.
    if (i < static_cast<size_t>(n)) C[i] = A[i] + B[i];
}

}  // namespace

void vector_add(const float* A, const float* B, float* C, int n) {
    const unsigned blocks = static_cast<unsigned>((static_cast<size_t>(n) + kBlock - 1) / kBlock);  // ceil(n / 256)
    vector_add_naive_kernel<<<blocks, kBlock>>>(A, B, C, n);
}
