// cudagrade-expect: wrong_answer
// The lab's speed of light: out = in, a plain copy of the bytes a scan must move (read in once, write out
// once). No scan can be faster. It does not compute the answer, so `lab check` does not grade it; `bench`
// shows it as the 100% row.
#include "scan.cuh"

#include <cuda_runtime.h>

namespace {

__global__ void copy_kernel(const float* __restrict__ in, float* __restrict__ out, int n) {
    const int stride = gridDim.x * blockDim.x;
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride) out[i] = in[i];
}

}  // namespace

void inclusive_scan(const float* in, float* out, int n, float* /*scratch*/) {
    const int threads = 256;
    int blocks = (n + threads - 1) / threads;
    if (blocks > 132 * 8) blocks = 132 * 8;
    copy_kernel<<<blocks, threads>>>(in, out, n);
}
