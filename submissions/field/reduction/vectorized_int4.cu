// cudagrade-expect: passed
// Style: a bandwidth-bound reduction with 16-byte loads. The aligned body of in is read as int4 (in comes
// from cudaMalloc, so in itself is 16-byte aligned), the last n % 4 elements one by one; a butterfly of
// __shfl_xor_sync gives every lane the warp's sum, and warps' sums meet through atomicAdd.
#include "reduction.cuh"

__global__ void sum_vectorized(const int* in, int* out, int n) {
  const int stride = gridDim.x * blockDim.x;
  const int tid = blockIdx.x * blockDim.x + threadIdx.x;
  const int4* in4 = reinterpret_cast<const int4*>(in);
  int sum = 0;
  for (int i = tid; i < n / 4; i += stride) {
    const int4 v = in4[i];
    sum += v.x + v.y + v.z + v.w;
  }
  for (int i = n / 4 * 4 + tid; i < n; i += stride) sum += in[i];
  for (int mask = 16; mask > 0; mask >>= 1) sum += __shfl_xor_sync(0xffffffffu, sum, mask);
  if ((threadIdx.x & 31) == 0) atomicAdd(out, sum);
}

void reduce_sum(const int* in, int* out, int n, int* scratch) {
  (void)scratch;
  cudaMemset(out, 0, sizeof(int));
  int blocks = (n / 4 + 255) / 256;
  if (blocks < 1) blocks = 1;
  if (blocks > 1024) blocks = 1024;
  sum_vectorized<<<blocks, 256>>>(in, out, n);
}
