// cudagrade-expect: race
// Mistake: the cooperative-groups reduction with block.sync() left out between the tiles writing their sums
// to shared memory and the first tile reading them. Tile 0 reads the other tiles' slots before they are
// written: on a GPU it is often right by luck; the simulator names the shared array and both lines.
#include "reduction.cuh"

#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>

namespace cg = cooperative_groups;

__global__ void block_sum(const int* in, int* out, int n) {
  cg::thread_block block = cg::this_thread_block();
  auto tile = cg::tiled_partition<32>(block);
  __shared__ int tile_sums[8];
  int sum = 0;
  for (int i = blockIdx.x * 256 + block.thread_rank(); i < n; i += gridDim.x * 256) sum += in[i];
  sum = cg::reduce(tile, sum, cg::plus<int>());
  if (tile.thread_rank() == 0) tile_sums[tile.meta_group_rank()] = sum;
  if (tile.meta_group_rank() == 0) {
    int v = tile.thread_rank() < 8 ? tile_sums[tile.thread_rank()] : 0;
    v = cg::reduce(tile, v, cg::plus<int>());
    if (tile.thread_rank() == 0) out[blockIdx.x] = v;
  }
}

void reduce_sum(const int* in, int* out, int n, int* scratch) {
  int blocks = (n + 255) / 256;
  if (blocks > 1024) blocks = 1024;
  block_sum<<<blocks, 256>>>(in, scratch, n);
  block_sum<<<1, 256>>>(scratch, out, blocks);
}
