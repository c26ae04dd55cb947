// cudagrade-expect: passed
// Style: code kept working across CUDA 8 and 9 with a macro that picks __shfl_down_sync where
// CUDART_VERSION says the runtime has it, and __shfl_down before. Both backends take the CUDA 9 branch.
#include "reduction.cuh"

#if defined(CUDART_VERSION) && CUDART_VERSION >= 9000
#define SHFL_DOWN(value, offset) __shfl_down_sync(0xffffffffu, value, offset)
#else
#define SHFL_DOWN(value, offset) __shfl_down(value, offset)
#endif

__global__ void warp_sums(const int* in, int* out, int n) {
  int sum = 0;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) sum += in[i];
  for (int offset = 16; offset > 0; offset /= 2) sum += SHFL_DOWN(sum, offset);
  if ((threadIdx.x & 31) == 0) atomicAdd(out, sum);
}

void reduce_sum(const int* in, int* out, int n, int* scratch) {
  (void)scratch;
  cudaMemset(out, 0, sizeof(int));
  int blocks = (n + 255) / 256;
  if (blocks > 256) blocks = 256;
  warp_sums<<<blocks, 256>>>(in, out, n);
}
