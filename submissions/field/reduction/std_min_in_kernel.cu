// cudagrade-expect: passed
// Style: C++ helpers in device code, as modern tutorials write them: each thread sums a contiguous chunk whose
// end is std::min(n, start + chunk), and each thread's share of the partial sums is std::max(1, ...) of a
// constexpr ceiling division of the file's own. These are constexpr host functions to nvcc, which the grader's
// nvcc lets device code call (--expt-relaxed-constexpr); the simulator's g++ calls them as any C++ compiler does.
#include <algorithm>

#include "reduction.cuh"

#define THREADS 256
#define PER_THREAD 8

constexpr int div_up(int a, int b) { return (a + b - 1) / b; }

// in is n ints; partial gets one sum per block of THREADS * PER_THREAD elements.
__global__ void chunk_sums(const int* in, int* partial, int n) {
  __shared__ int s[THREADS];
  const int start = (blockIdx.x * THREADS + threadIdx.x) * PER_THREAD;
  const int end = std::min(n, start + PER_THREAD);
  int sum = 0;
  for (int i = start; i < end; ++i) sum += in[i];
  s[threadIdx.x] = sum;
  __syncthreads();
  for (int stride = THREADS / 2; stride > 0; stride /= 2) {
    if (threadIdx.x < stride) s[threadIdx.x] += s[threadIdx.x + stride];
    __syncthreads();
  }
  if (threadIdx.x == 0) partial[blockIdx.x] = s[0];
}

// One block adds up `count` partial sums, each thread at least one of them.
__global__ void add_partials(const int* partial, int* out, int count) {
  __shared__ int s[THREADS];
  const int share = std::max(1, div_up(count, THREADS));
  const int first = threadIdx.x * share;
  int sum = 0;
  for (int i = first; i < std::min(count, first + share); ++i) sum += partial[i];
  s[threadIdx.x] = sum;
  __syncthreads();
  for (int stride = THREADS / 2; stride > 0; stride /= 2) {
    if (threadIdx.x < stride) s[threadIdx.x] += s[threadIdx.x + stride];
    __syncthreads();
  }
  if (threadIdx.x == 0) *out = s[0];
}

void reduce_sum(const int* in, int* out, int n, int* scratch) {
  const int blocks = div_up(n, THREADS * PER_THREAD);
  chunk_sums<<<blocks, THREADS>>>(in, scratch, n);
  add_partials<<<1, THREADS>>>(scratch, out, blocks);
}
