// cudagrade-expect: wrong_answer
// Reference rung 0: copy, the speed of light. NOT a transpose.
//
// Teaches: what the memory system can do at best. A transpose reads every element once and writes it
// once, so it can never beat a plain copy of the same bytes: out[i] = in[i], read and written in order,
// every warp's loads and stores falling into whole 32-byte sectors. The lab times this kernel on the same
// buffers as the submission and grades speed as a fraction of it (testcases/transpose.yaml: `reference:
// copy`); `cudagrade bench transpose --size 8192,8192` prints the ladder as % of it.
//
// It computes no transpose, so graded as a submission it is wrong_answer (the line above predicts that);
// the grader knows it as the lab's speed of light (TransposeLab::speed_of_light_references) and holds it
// only to writing every element of out.
//
// Run: cudagrade bench transpose --size 8192,8192   (on a GPU; the copy row is the 100% line)
// Shapes: in is rows x cols, out has the same number of elements; row-major float32 in device memory.

#include "transpose.cuh"

#include <cstdint>
#include <cuda_runtime.h>

namespace {

constexpr int kBlock = 256;

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

void transpose(const float* in, float* out, int rows, int cols) {
    const size_t count = static_cast<size_t>(rows) * static_cast<size_t>(cols);
    size_t done = 0;
    if (aligned16(in) && aligned16(out)) {
        const size_t vectors = count / 4;
        if (vectors > 0) {
            const unsigned blocks = static_cast<unsigned>((vectors + kBlock - 1) / kBlock);
            copy_vector_kernel<<<blocks, kBlock>>>(reinterpret_cast<const float4*>(in), reinterpret_cast<float4*>(out),
                                                   vectors);
        }
        done = vectors * 4;
    }
    if (done < count) {
        const unsigned blocks = static_cast<unsigned>((count - done + kBlock - 1) / kBlock);
        copy_scalar_kernel<<<blocks, kBlock>>>(in, out, done, count);
    }
}
