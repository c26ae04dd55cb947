// cudagrade-expect: passed
// Style: a modern one-kernel reduction. Each warp sums its lanes with sm_80's __reduce_add_sync, lane 0 of
// each warp adds the warp's sum into out with atomicAdd; cudaMemsetAsync clears out first.
#include "reduction.cuh"

__global__ void warp_sums(const int* __restrict__ in, int* out, int n) {
  int sum = 0;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) sum += __ldg(&in[i]);
  sum = __reduce_add_sync(0xffffffffu, sum);
  if ((threadIdx.x & 31) == 0) atomicAdd(out, sum);
}

void reduce_sum(const int* in, int* out, int n, int* scratch) {
  (void)scratch;
  cudaMemsetAsync(out, 0, sizeof(int));
  int blocks = (n + 511) / 512;
  if (blocks > 1024) blocks = 1024;
  warp_sums<<<blocks, 512>>>(in, out, n);
}
