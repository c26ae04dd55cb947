// cudagrade-expect: compile_error
// Style: a reduction from before CUDA 9, with __shfl_down (no mask). nvcc for sm_70 and later has no such
// function, so the file does not build; the simulator refuses it too, for the same reason.
#include "reduction.cuh"

__global__ void warp_sums(const int* in, int* out, int n) {
  int sum = 0;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) sum += in[i];
  for (int offset = 16; offset > 0; offset /= 2) sum += __shfl_down(sum, offset);
  if ((threadIdx.x & 31) == 0) atomicAdd(out, sum);
}

void reduce_sum(const int* in, int* out, int n, int* scratch) {
  (void)scratch;
  cudaMemset(out, 0, sizeof(int));
  warp_sums<<<64, 256>>>(in, out, n);
}
