// cudagrade-expect: passed
// Style: a launcher that reports what it does, as students' error paths and progress lines do: a constant line
// to stderr with fprintf, and a label formatted with sprintf("%s"). g++ (nvcc's host compiler too) compiles
// the first to fwrite and the second to strcpy, which the symbol policy refused until 2026-11-28, so this
// correct file got 0 on both backends. The kernel is the lectures' grid-stride atomic sum.
#include "reduction.cuh"

#include <cstdio>

__global__ void add_all(const int* in, int* out, int n) {
  int sum = 0;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) sum += in[i];
  atomicAdd(out, sum);
}

void reduce_sum(const int* in, int* out, int n, int*) {
  static int calls = 0;
  char label[32];
  sprintf(label, "%s", calls++ == 0 ? "first call" : "later call");
  fprintf(stderr, "reduce_sum: adding up\n");
  fputs(label, stderr);
  fputc('\n', stderr);
  cudaMemset(out, 0, sizeof(int));
  const int blocks = n < 256 * 1024 ? (n + 255) / 256 : 1024;
  add_all<<<blocks, 256>>>(in, out, n);
}
