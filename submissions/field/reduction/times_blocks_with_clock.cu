// cudagrade-expect: passed
// Style: NVIDIA's `clock` sample (timedReduction): thread 0 of each block reads clock() when the block starts
// and when it ends, and keeps the difference, here in a __device__ table the host could copy back to see which
// blocks ran long. The sum itself is a shared-memory tree of 256 per block, then one block over the partial
// sums. clock() in device code is the SM's cycle counter under nvcc; the simulator gives it its own counter,
// and host code that calls clock() is refused on both backends.
#include "reduction.cuh"

#define THREADS 256
#define TIMED_BLOCKS 1024

__device__ long long block_cycles[TIMED_BLOCKS];  // per block: clock() at its end minus clock() at its start

__device__ int tree_sum(int* s) {
  for (int stride = THREADS / 2; stride > 0; stride /= 2) {
    if (threadIdx.x < stride) s[threadIdx.x] += s[threadIdx.x + stride];
    __syncthreads();
  }
  return s[0];
}

// in is n ints; partial gets one sum per block.
__global__ void timed_block_sums(const int* in, int* partial, int n) {
  __shared__ int s[THREADS];
  clock_t start = 0;
  if (threadIdx.x == 0) start = clock();
  const int i = blockIdx.x * THREADS + threadIdx.x;
  s[threadIdx.x] = i < n ? in[i] : 0;
  __syncthreads();
  const int sum = tree_sum(s);
  if (threadIdx.x == 0) {
    partial[blockIdx.x] = sum;
    if (blockIdx.x < TIMED_BLOCKS) block_cycles[blockIdx.x] = clock() - start;
  }
}

// One block adds up `count` partial sums, each thread a strided share first.
__global__ void add_partials(const int* partial, int* out, int count) {
  __shared__ int s[THREADS];
  int sum = 0;
  for (int i = threadIdx.x; i < count; i += THREADS) sum += partial[i];
  s[threadIdx.x] = sum;
  __syncthreads();
  const int total = tree_sum(s);
  if (threadIdx.x == 0) *out = total;
}

void reduce_sum(const int* in, int* out, int n, int* scratch) {
  const int blocks = (n + THREADS - 1) / THREADS;
  timed_block_sums<<<blocks, THREADS>>>(in, scratch, n);
  add_partials<<<1, THREADS>>>(scratch, out, blocks);
}
