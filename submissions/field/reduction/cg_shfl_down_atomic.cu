// cudagrade-expect: passed
// Style: the CUDA blog's "cooperative groups" reduction. A thread_block_tile<32> sums by shfl_down, each
// tile's lane 0 adds its sum into out with one atomicAdd. out is zeroed first by its own one-thread kernel.
#include "reduction.cuh"

#include <cooperative_groups.h>

namespace cg = cooperative_groups;

__device__ int tile_sum(cg::thread_block_tile<32> tile, int value) {
  for (int offset = tile.size() / 2; offset > 0; offset /= 2) value += tile.shfl_down(value, offset);
  return value;
}

__global__ void zero(int* out) { *out = 0; }

__global__ void sum_into(const int* in, int* out, int n) {
  auto tile = cg::tiled_partition<32>(cg::this_thread_block());
  int sum = 0;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) sum += in[i];
  sum = tile_sum(tile, sum);
  if (tile.thread_rank() == 0) atomicAdd(out, sum);
}

void reduce_sum(const int* in, int* out, int n, int* scratch) {
  (void)scratch;
  int blocks = (n + 255) / 256;
  if (blocks > 512) blocks = 512;
  zero<<<1, 1>>>(out);
  sum_into<<<blocks, 256>>>(in, out, n);
}
