// cudagrade-expect: passed
// Style: the host code of a C++ course's CUDA labs. <cuda.h> and <iostream> included out of habit, an error
// check that throws std::runtime_error with a message built in a std::ostringstream, a first-call line printed
// with std::endl, and the number of passes sized on the host with std::ceil(std::log2(n)). Each of these was
// refused until 2026-11-29: <cuda.h> in the simulator (it had no such header), <iostream> and std::endl on both
// backends (the GOT's name, std::ctype's widen), std::runtime_error on both, and log2 on a GPU only (the
// simulator took it), so this correct file got 0. The kernel is the lectures' shared-memory tree, two loads
// per thread, sequential addressing; one launch per pass until a block's worth remains.
#include "reduction.cuh"

#include <cuda.h>

#include <cmath>
#include <iostream>
#include <sstream>
#include <stdexcept>

#define CUDA_CHECK(call)                                                                       \
  do {                                                                                         \
    cudaError_t status = (call);                                                               \
    if (status != cudaSuccess) {                                                               \
      std::ostringstream message;                                                              \
      message << #call << " failed at line " << __LINE__ << ": " << cudaGetErrorString(status); \
      throw std::runtime_error(message.str());                                                 \
    }                                                                                          \
  } while (0)

constexpr int kBlock = 256;

// dst[b] = sum of src[b * 2 * kBlock .. (b + 1) * 2 * kBlock), clipped to count.
__global__ void tree_sum(const int* src, int* dst, int count) {
  __shared__ int partial[kBlock];
  const int tid = threadIdx.x;
  const int i = blockIdx.x * 2 * kBlock + tid;
  int v = 0;
  if (i < count) v += src[i];
  if (i + kBlock < count) v += src[i + kBlock];
  partial[tid] = v;
  __syncthreads();
  for (int stride = kBlock / 2; stride > 0; stride >>= 1) {
    if (tid < stride) partial[tid] += partial[tid + stride];
    __syncthreads();
  }
  if (tid == 0) dst[blockIdx.x] = partial[0];
}

void reduce_sum(const int* in, int* out, int n, int* scratch) {
  static bool first_call = true;
  // Each pass divides the count by 2 * kBlock (2^9), so ceil(log2(n) / 9) passes finish it.
  const int passes = n > 1 ? std::max(1, static_cast<int>(std::ceil(std::log2(static_cast<double>(n)) / 9.0))) : 1;
  if (first_call) {
    std::cerr << "reduce_sum: " << n << " elements in " << passes << " pass(es)" << std::endl;
    first_call = false;
  }
  const int* src = in;
  int* dst = scratch;
  int count = n;
  for (int pass = 0;; ++pass) {
    const int blocks = (count + 2 * kBlock - 1) / (2 * kBlock);
    tree_sum<<<blocks, kBlock>>>(src, blocks == 1 ? out : dst, count);
    CUDA_CHECK(cudaGetLastError());
    if (blocks == 1) return;
    src = dst;
    dst += blocks;
    count = blocks;
  }
}
