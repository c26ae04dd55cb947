// cudagrade-expect: passed
// Style: host code that names its launch shape after the built-ins (blockDim, gridDim) and a device helper
// that takes the built-ins as parameters, as some textbooks write index helpers. nvcc builds it: the
// built-ins are variables, which a local name or a parameter shadows.
#include "reduction.cuh"

__device__ unsigned global_index(dim3 blockIdx, dim3 blockDim, uint3 threadIdx) {
  return blockIdx.x * blockDim.x + threadIdx.x;
}

__global__ void partial_sums(const int* in, int* out, int n) {
  __shared__ int s[128];
  const unsigned i = global_index(blockIdx, blockDim, threadIdx);
  s[threadIdx.x] = i < static_cast<unsigned>(n) ? in[i] : 0;
  __syncthreads();
  for (unsigned stride = blockDim.x / 2; stride > 0; stride /= 2) {
    if (threadIdx.x < stride) s[threadIdx.x] += s[threadIdx.x + stride];
    __syncthreads();
  }
  if (threadIdx.x == 0) out[blockIdx.x] = s[0];
}

void reduce_sum(const int* in, int* out, int n, int* scratch) {
  const int blockDim = 128;
  const int* src = in;
  int count = n;
  bool into_scratch = true;
  do {
    const int gridDim = (count + blockDim - 1) / blockDim;
    int* dst = gridDim == 1 ? out : (into_scratch ? scratch : scratch + n / 2 + 1);
    partial_sums<<<gridDim, blockDim>>>(src, dst, count);
    src = dst;
    count = gridDim;
    into_scratch = !into_scratch;
  } while (count > 1);
}
