// cudagrade-expect: compile_error
// A student's commonest slip: the tree's adds go through a helper declared without __device__. nvcc stops with
//     error: calling a __host__ function("add") from a __global__ function("block_sums") is not allowed
// and the simulator says the same, naming the line of the call and the fix (mark add __device__, or
// __host__ __device__). Until 2026-11-29 the simulator ran the helper as host code and passed the file, so a
// student who checked without a GPU saw every case pass and then got 0 on the course GPU.
#include "reduction.cuh"

#define THREADS 256

int add(int a, int b) { return a + b; }

// in is n ints; partial gets one sum per block.
__global__ void block_sums(const int* in, int* partial, int n) {
  __shared__ int s[THREADS];
  const int i = blockIdx.x * THREADS + threadIdx.x;
  s[threadIdx.x] = i < n ? in[i] : 0;
  __syncthreads();
  for (int stride = THREADS / 2; stride > 0; stride /= 2) {
    if (threadIdx.x < stride) s[threadIdx.x] = add(s[threadIdx.x], s[threadIdx.x + stride]);
    __syncthreads();
  }
  if (threadIdx.x == 0) partial[blockIdx.x] = s[0];
}

// One block adds up `count` partial sums.
__global__ void add_partials(const int* partial, int* out, int count) {
  __shared__ int s[THREADS];
  int sum = 0;
  for (int i = threadIdx.x; i < count; i += THREADS) sum += partial[i];
  s[threadIdx.x] = sum;
  __syncthreads();
  for (int stride = THREADS / 2; stride > 0; stride /= 2) {
    if (threadIdx.x < stride) s[threadIdx.x] += s[threadIdx.x + stride];
    __syncthreads();
  }
  if (threadIdx.x == 0) *out = s[0];
}

void reduce_sum(const int* in, int* out, int n, int* scratch) {
  const int blocks = (n + THREADS - 1) / THREADS;
  block_sums<<<blocks, THREADS>>>(in, scratch, n);
  add_partials<<<1, THREADS>>>(scratch, out, blocks);
}
