// cudagrade-expect: wrong_answer
// Reference rung 0: copy, shown beside the ladder as the memory system's speed. NOT a vector add.
//
// Teaches: what bounds a memory-bound kernel. A vector add does one float add per 12 bytes it moves (A[i]
// and B[i] read, C[i] written); the adds cost next to nothing and the time is the time to move the bytes.
// This kernel writes C[i] = A[i]: one input read, the output written, in order, as float4s with a scalar
// tail (the transpose lab's copy.cu), so every warp's loads and stores fall into whole 32-byte sectors.
// It moves 8 bytes per element where a vector add must move 12, so it is faster than any vector add can be:
// at the same bandwidth a vector add takes 1.5x copy's time, and a rung at 1.5x copy's time is at the limit.
// At n = 2^26 on an H200 copy takes 0.130 ms (4.1 TB/s over its 512 MiB), so the limit is about 0.195 ms;
// vectorized.cu takes 0.203 ms and naive.cu 0.237.
// `cudagrade bench vector_add --size 67108864` shows it beside the ladder, as that yardstick.
//
// It computes no sum, so graded as a submission it is wrong_answer (the line above predicts that); the lab
// lists it as a speed-of-light reference, not as a rung, and holds it only to writing every element of C
// (and nothing past it), never to C's values.
//
// Run: cudagrade bench vector_add --size 67108864   (on a GPU; the copy row is the bandwidth line)
// Sizes: A, B and C hold n float32 in device memory; B is not read.

#include "vector_add.cuh"

#include <cstdint>
#include <cuda_runtime.h>

namespace {

constexpr int kBlock = 256;
constexpr int kVector = 4;  // floats per float4

// 16-byte loads and stores: one instruction moves 4 floats, so a warp moves 512 contiguous bytes.
__global__ void copy_vector_kernel(const float4* __restrict__ in, float4* __restrict__ out, size_t count) {
    const size_t i = static_cast<size_t>(blockIdx.x) * blockDim.x + threadIdx.x;
    if (i < count) out[i] = in[i];
}

__global__ void copy_scalar_kernel(const float* __restrict__ in, float* __restrict__ out, size_t begin,
                                   size_t count) {
    const size_t i = begin + static_cast<size_t>(blockIdx.x) * blockDim.x + threadIdx.x;
    if (i < count) out[i] = in[i];
}

bool aligned16(const void* pointer) {
    return reinterpret_cast<std::uintptr_t>(pointer) % 16 == 0;
}

}  // namespace

void vector_add(const float* A, const float* B, float* C, int n) {
    (void)B;  // a copy reads one input: that is the point of this kernel
    const size_t count = static_cast<size_t>(n);
    size_t done = 0;
    if (aligned16(A) && aligned16(C)) {
        const size_t vectors = count / kVector;
        if (vectors > 0) {
            const unsigned blocks = static_cast<unsigned>((vectors + kBlock - 1) / kBlock);
            copy_vector_kernel<<<blocks, kBlock>>>(reinterpret_cast<const float4*>(A), reinterpret_cast<float4*>(C),
                                                   vectors);
        }
        done = vectors * kVector;
    }
    if (done < count) {
        const unsigned blocks = static_cast<unsigned>((count - done + kBlock - 1) / kBlock);
        copy_scalar_kernel<<<blocks, kBlock>>>(A, C, done, count);
    }
}
