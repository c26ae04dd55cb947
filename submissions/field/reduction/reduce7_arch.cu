// cudagrade-expect: passed
// Style: NVIDIA's reduce7 (CUDA samples): several elements per thread, a warp reduction that is
// __reduce_add_sync for int where __CUDA_ARCH__ >= 800 (a specialisation at file scope) and shuffles
// elsewhere, and a last warp whose mask comes from a ballot of the threads holding a warp's sum. With the
// shuffle version that mask would read lanes outside it; the sm_80 intrinsic reduces only the lanes named.
#include "reduction.cuh"

template <class T>
__device__ __forceinline__ T warp_reduce_sum(unsigned int mask, T sum) {
  for (int offset = warpSize / 2; offset > 0; offset /= 2) sum += __shfl_down_sync(mask, sum, offset);
  return sum;
}

#if __CUDA_ARCH__ >= 800
template <>
__device__ __forceinline__ int warp_reduce_sum<int>(unsigned int mask, int sum) {
  return __reduce_add_sync(mask, sum);
}
#endif

template <unsigned int kBlockSize>
__global__ void reduce7(const int* in, int* out, unsigned int n) {
  __shared__ int sdata[kBlockSize / 32];
  const unsigned int tid = threadIdx.x;
  const unsigned int grid_size = kBlockSize * gridDim.x;
  const unsigned int mask = __ballot_sync(0xffffffffu, tid < kBlockSize);
  int sum = 0;
  for (unsigned int i = blockIdx.x * kBlockSize + tid; i < n; i += grid_size) sum += in[i];
  sum = warp_reduce_sum<int>(mask, sum);
  if (tid % warpSize == 0) sdata[tid / warpSize] = sum;
  __syncthreads();
  const unsigned int extent = kBlockSize / warpSize;
  const unsigned int leaders = __ballot_sync(mask, tid < extent);
  if (tid < extent) {
    sum = sdata[tid];
    sum = warp_reduce_sum<int>(leaders, sum);
  }
  if (tid == 0) out[blockIdx.x] = sum;
}

void reduce_sum(const int* in, int* out, int n, int* scratch) {
  constexpr unsigned int kThreads = 256;
  int blocks = (n + kThreads * 8 - 1) / (kThreads * 8);
  if (blocks > 2048) blocks = 2048;
  reduce7<kThreads><<<blocks, kThreads>>>(in, scratch, n);
  reduce7<kThreads><<<1, kThreads>>>(scratch, out, blocks);
}
