// cudagrade-expect: passed
// Style: the textbook shared-memory tree (sequential addressing) with streaming loads: __ldcs marks the
// input as read once, so it need not stay in cache, and __stcg writes each block's sum past L1.
#include "reduction.cuh"

#define THREADS 256

__global__ void tree(const int* in, int* out, int n) {
  __shared__ int s[THREADS];
  const unsigned tid = threadIdx.x;
  const unsigned i = blockIdx.x * THREADS * 2 + tid;
  int v = 0;
  if (i < n) v = __ldcs(in + i);
  if (i + THREADS < n) v += __ldcs(in + i + THREADS);
  s[tid] = v;
  __syncthreads();
  for (unsigned stride = THREADS / 2; stride > 0; stride >>= 1) {
    if (tid < stride) s[tid] += s[tid + stride];
    __syncthreads();
  }
  if (tid == 0) __stcg(out + blockIdx.x, s[0]);
}

void reduce_sum(const int* in, int* out, int n, int* scratch) {
  const int* src = in;
  int count = n;
  do {  // at least once: n == 1 is a launch too
    const int blocks = (count + THREADS * 2 - 1) / (THREADS * 2);
    int* dst = blocks == 1 ? out : (src == scratch ? scratch + (n + 1) / 2 : scratch);
    tree<<<blocks, THREADS>>>(src, dst, count);
    src = dst;
    count = blocks;
  } while (count > 1);
}
