// cudagrade-expect: passed
// Style: cooperative groups past the tiles (CUDA 12+): labeled_partition and binary_partition of a warp,
// invoke_one and invoke_one_broadcast, and grid_group's block and thread queries. Each query's answer is
// CUDA's documented one; a wrong answer adds 1000 to the sum. It compiles with nvcc, so it must compile and
// pass in the simulator, and on the GPU (scripts/device-intrinsics.sh).
#include "reduction.cuh"

#include <cooperative_groups.h>
namespace cg = cooperative_groups;

constexpr int kBlock = 256;

__device__ int wrong_answers(const cg::thread_block& block, int* warps_seen) {
  const cg::thread_block_tile<32> warp = cg::tiled_partition<32>(block);
  const cg::grid_group grid = cg::this_grid();
  int wrong = 0;
  const cg::coalesced_group parity = cg::labeled_partition(warp, static_cast<int>(threadIdx.x & 1));
  wrong += parity.size() != 16 || parity.thread_rank() != warp.thread_rank() / 2;
  const cg::coalesced_group low = cg::binary_partition(warp, warp.thread_rank() < 8);
  wrong += low.size() != (warp.thread_rank() < 8 ? 8u : 24u);
  wrong += cg::invoke_one_broadcast(parity, [] { return 5; }) != 5;
  cg::invoke_one(warp, [&] { atomicAdd(warps_seen, 1); });
  wrong += grid.block_rank() != blockIdx.x || grid.num_blocks() != gridDim.x;
  wrong += grid.block_index().x != blockIdx.x || grid.dim_blocks().x != gridDim.x;
  wrong += grid.dim_threads().x != gridDim.x * blockDim.x;
  wrong += grid.thread_index().x != blockIdx.x * blockDim.x + threadIdx.x;
  return wrong;
}

// in has n elements; partial gets one sum per block.
__global__ void block_sums(const int* in, int* partial, int n) {
  __shared__ int s[kBlock];
  __shared__ int warps_seen;
  const cg::thread_block block = cg::this_thread_block();
  if (threadIdx.x == 0) warps_seen = 0;
  block.sync();
  const int i = blockIdx.x * kBlock + threadIdx.x;
  s[threadIdx.x] = (i < n ? in[i] : 0) + 1000 * wrong_answers(block, &warps_seen);
  block.sync();
  if (threadIdx.x == 0 && warps_seen != kBlock / 32) s[0] += 1000;
  for (int stride = kBlock / 2; stride > 0; stride /= 2) {
    if (threadIdx.x < stride) s[threadIdx.x] += s[threadIdx.x + stride];
    block.sync();
  }
  if (threadIdx.x == 0) partial[blockIdx.x] = s[0];
}

// One block adds count partial sums.
__global__ void add_up(const int* partial, int* out, int count) {
  __shared__ int s[kBlock];
  int sum = 0;
  for (int i = threadIdx.x; i < count; i += kBlock) sum += partial[i];
  s[threadIdx.x] = sum;
  __syncthreads();
  for (int stride = kBlock / 2; stride > 0; stride /= 2) {
    if (threadIdx.x < stride) s[threadIdx.x] += s[threadIdx.x + stride];
    __syncthreads();
  }
  if (threadIdx.x == 0) *out = s[0];
}

void reduce_sum(const int* in, int* out, int n, int* scratch) {
  const int blocks = (n + kBlock - 1) / kBlock;
  block_sums<<<blocks, kBlock>>>(in, scratch, n);
  add_up<<<1, kBlock>>>(scratch, out, blocks);
}
