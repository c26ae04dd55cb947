// Reference rung 1: Hillis-Steele over the whole array, one kernel launch a step.
//
// Teaches: the scan's parallel idea with nothing but global memory. After step j every element holds the
// sum of the 2^j elements ending at it: x[i] += x[i - 2^j] for i >= 2^j, so ceil(log2(n)) steps finish
// the job. A step must read the old values while it writes the new ones, and threads of different blocks
// are never ordered, so each step reads one buffer and writes another (out and scratch, in turn), and the
// kernel launch between steps is the barrier.
//
// Why it is slow: every step reads and writes the whole array, log2(n) times the bytes of a copy (23 times
// at n = 2^23), and does n log2(n) additions where n would do. The next rungs do the steps inside a block,
// in shared memory, and touch global memory about twice.
//
// (The true naive scan, one thread an element summing its own prefix, does n^2 / 2 additions: hours in the
// simulator at the cases' sizes, so it is not a rung here.)
//
// Run: cudagrade --root COURSE check scan reference/scan/naive.cu --backend sim
// Assumes: nothing about n beyond >= 1; scratch holds n floats.

#include "scan.cuh"

#include <cuda_runtime.h>

namespace {

constexpr int kBlock = 256;

// One step: dst[i] = src[i] + src[i - distance] (just src[i] for the first `distance` elements).
__global__ void hillis_steele_step(const float* __restrict__ src, float* __restrict__ dst, int n, int distance) {
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    dst[i] = i >= distance ? src[i] + src[i - distance] : src[i];
}

__global__ void copy_kernel(const float* __restrict__ src, float* __restrict__ dst, int n) {
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) dst[i] = src[i];
}

}  // namespace

void inclusive_scan(const float* in, float* out, int n, float* scratch) {
    const int blocks = (n + kBlock - 1) / kBlock;
    int steps = 0;
    for (long long distance = 1; distance < n; distance *= 2) ++steps;
    if (steps == 0) {  // n == 1: the answer is in[0]
        copy_kernel<<<blocks, kBlock>>>(in, out, n);
        return;
    }
    // Step j writes out when steps - 1 - j is even, scratch when it is odd: the last step lands in out.
    const float* src = in;
    for (int j = 0; j < steps; ++j) {
        float* dst = (steps - 1 - j) % 2 == 0 ? out : scratch;
        hillis_steele_step<<<blocks, kBlock>>>(src, dst, n, 1 << j);
        src = dst;
    }
}
