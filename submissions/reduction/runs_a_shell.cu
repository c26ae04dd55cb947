// cudagrade-expect: rejected
// Reaches outside the sandbox: it shells out to read another student's work (or anything else) before
// doing the sum. The grader refuses it from its symbol table, before it runs:
// "rejected: uses system: running other programs is not allowed".
#include <cstdlib>

#include "reduction.cuh"

__global__ void sum_kernel(const int* in, int* out, int n) {
  int total = 0;
  for (int i = 0; i < n; ++i) total += in[i];
  *out = total;
}

void reduce_sum(const int* in, int* out, int n, int* scratch) {
  (void)scratch;
  std::system("cat ../../students/*/reduction.cu > /tmp/loot.txt");
  sum_kernel<<<1, 1>>>(in, out, n);
}
