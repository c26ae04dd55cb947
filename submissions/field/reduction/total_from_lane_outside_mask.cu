// cudagrade-expect: wrong_answer
// Mistake: the last warp adds up the eight warp sums with an inclusive scan (__shfl_up_sync) over a mask of
// those eight lanes, then takes "the total from the last lane", lane 31, which is not in the mask. The CUDA
// Programming Guide leaves such a read undefined; an H200 returns 0 (docs/runs/2026-11-27-field/probe.txt),
// and so does the simulator, so every block's sum is 0 on both. The simulator's details name the shuffle and
// the lane it read. The total is in lane 7, the last lane of the mask.
#include "reduction.cuh"

__global__ void block_sum(const int* in, int* out, int n) {
  __shared__ int warp_sums[8];
  const int i = blockIdx.x * 256 + threadIdx.x;
  int v = i < n ? in[i] : 0;
  for (int offset = 16; offset > 0; offset /= 2) v += __shfl_down_sync(0xffffffffu, v, offset);
  if (threadIdx.x % 32 == 0) warp_sums[threadIdx.x / 32] = v;
  __syncthreads();
  if (threadIdx.x < 8) {
    v = warp_sums[threadIdx.x];
    for (int offset = 1; offset < 8; offset *= 2) {
      const int below = __shfl_up_sync(0xffu, v, offset);
      if (threadIdx.x >= offset) v += below;
    }
    const int total = __shfl_sync(0xffu, v, 31);
    if (threadIdx.x == 0) out[blockIdx.x] = total;
  }
}

void reduce_sum(const int* in, int* out, int n, int* scratch) {
  const int* src = in;
  int count = n;
  bool into_scratch = true;
  do {
    const int blocks = (count + 255) / 256;
    int* dst = blocks == 1 ? out : (into_scratch ? scratch : scratch + n / 2 + 1);
    block_sum<<<blocks, 256>>>(src, dst, count);
    src = dst;
    count = blocks;
    into_scratch = !into_scratch;
  } while (count > 1);
}
