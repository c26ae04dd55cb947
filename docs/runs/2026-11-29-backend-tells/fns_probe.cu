#include <climits>
#include <cstdio>
__constant__ unsigned masks[] = {0u, 1u, 0x20u, 0x80000000u, 0xffffffffu, 0x12345678u};
__constant__ unsigned bases[] = {0u, 5u, 31u, 32u, 33u, 63u, 0x7fffffffu, 0x80000000u, 0xfffffffeu, 0xffffffffu};
__constant__ int offsets[] = {INT_MIN, INT_MIN + 1, -33, -32, -1, 0, 1, 32, 33, INT_MAX};
__global__ void probe(unsigned* out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= 600) return;
  out[i] = __fns(masks[i / 100], bases[(i / 10) % 10], offsets[i % 10]);
}
int main() {
  unsigned* d; cudaMalloc(&d, 600 * 4); probe<<<3, 256>>>(d);
  unsigned h[600]; cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
  for (int i = 0; i < 600; ++i) printf("%d %08x\n", i, h[i]);
}
