// A reference's transpose once on the GPU, for Nsight Compute (scripts/profile-vs-ncu.sh): the grader's runner
// refuses the profiler's injection (its sandbox and object checks), so ncu profiles this driver instead.
// Build: nvcc -O3 -arch=sm_90 -lineinfo -I skeleton/transpose labs/transpose/ncu_driver.cu reference/transpose/X.cu
// Run:   ./a.out rows cols       (in is rows x cols, out cols x rows, row-major floats)
// The size scripts/profile-vs-ncu.sh profiles, as the simulator's case and as this driver's arguments:
// ncu-case: {name: square-1024, kind: square, rows: 1024, cols: 1024, points: 1}
// ncu-args: 1024 1024
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "transpose.cuh"

int main(int argc, char** argv) {
  if (argc != 3) return 2;
  const int rows = std::atoi(argv[1]), cols = std::atoi(argv[2]);
  const size_t count = static_cast<size_t>(rows) * cols;
  std::vector<float> host(count);
  for (size_t i = 0; i < count; ++i) host[i] = static_cast<float>(i);
  float *in, *out;
  if (cudaMalloc(&in, sizeof(float) * count) != cudaSuccess || cudaMalloc(&out, sizeof(float) * count) != cudaSuccess)
    return 1;
  cudaMemcpy(in, host.data(), sizeof(float) * count, cudaMemcpyHostToDevice);
  transpose(in, out, rows, cols);
  const cudaError_t status = cudaDeviceSynchronize();
  std::printf("%s\n", cudaGetErrorString(status));
  return status == cudaSuccess ? 0 : 1;
}
