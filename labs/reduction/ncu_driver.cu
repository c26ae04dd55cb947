// A reference's reduce_sum once on the GPU, for Nsight Compute (scripts/profile-vs-ncu.sh): the grader's runner
// refuses the profiler's injection (its sandbox and object checks), so ncu profiles this driver instead.
// Build: nvcc -O3 -arch=sm_90 -lineinfo -I skeleton/reduction labs/reduction/ncu_driver.cu reference/reduction/X.cu
// Run:   ./a.out n       (in is n ints, out one int, scratch n ints, as the grader's harness gives them)
// The size scripts/profile-vs-ncu.sh profiles, as the simulator's case and as this driver's arguments:
// ncu-case: {name: n-65536, kind: square, n: 65536, points: 1}
// ncu-args: 65536
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "reduction.cuh"

int main(int argc, char** argv) {
  if (argc != 2) return 2;
  const int n = std::atoi(argv[1]);
  std::vector<int> host(static_cast<size_t>(n), 1);
  int *in, *out, *scratch;
  if (cudaMalloc(&in, sizeof(int) * n) != cudaSuccess || cudaMalloc(&out, sizeof(int)) != cudaSuccess ||
      cudaMalloc(&scratch, sizeof(int) * n) != cudaSuccess) return 1;
  cudaMemcpy(in, host.data(), sizeof(int) * n, cudaMemcpyHostToDevice);
  reduce_sum(in, out, n, scratch);
  int sum = 0;
  const cudaError_t status = cudaMemcpy(&sum, out, sizeof(int), cudaMemcpyDeviceToHost);
  std::printf("%s: sum %d of %d ones\n", cudaGetErrorString(status), sum, n);
  return status == cudaSuccess && sum == n ? 0 : 1;
}
