// cudagrade-expect: compile_error
// The same slip the other way round: a helper written for the kernels, marked __device__, also sizes the grid
// in host code. nvcc stops with
//     error: calling a __device__ function("ceil_div(int, int)") from a __host__ function("reduce_sum") is not
//     allowed
// and the simulator says the same, naming the line of the call and the fix (mark ceil_div __host__
// __device__). Until 2026-11-29 the simulator compiled one program, ran the helper on the host and passed the
// file, which then got 0 on a GPU.
#include "reduction.cuh"

#define THREADS 256

__device__ int ceil_div(int a, int b) { return (a + b - 1) / b; }

// dst[b] = sum of src[b * 2 * THREADS .. (b + 1) * 2 * THREADS), clipped to count.
__global__ void tree_sum(const int* src, int* dst, int count) {
  __shared__ int partial[THREADS];
  const int tid = threadIdx.x;
  const int i = blockIdx.x * 2 * THREADS + tid;
  int v = 0;
  if (i < count) v += src[i];
  if (i + THREADS < count) v += src[i + THREADS];
  partial[tid] = v;
  __syncthreads();
  for (int stride = THREADS / 2; stride > 0; stride >>= 1) {
    if (tid < stride) partial[tid] += partial[tid + stride];
    __syncthreads();
  }
  if (tid == 0) dst[blockIdx.x] = partial[0];
}

void reduce_sum(const int* in, int* out, int n, int* scratch) {
  const int* src = in;
  int* dst = scratch;
  int count = n;
  for (;;) {
    const int blocks = ceil_div(count, 2 * THREADS);
    tree_sum<<<blocks, THREADS>>>(src, blocks == 1 ? out : dst, count);
    if (blocks == 1) return;
    src = dst;
    dst += blocks;
    count = blocks;
  }
}
