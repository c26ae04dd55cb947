// A reference's matmul once on the GPU, for Nsight Compute (scripts/profile-vs-ncu.sh): the grader's runner
// refuses the profiler's injection (its sandbox and object checks), so ncu profiles this driver instead.
// Build: nvcc -O3 -arch=sm_90 -lineinfo -I skeleton/matmul labs/matmul/ncu_driver.cu reference/matmul/X.cu
// Run:   ./a.out M K N       (A is M x K, B is K x N, C is M x N, row-major floats)
// The size scripts/profile-vs-ncu.sh profiles, as the simulator's case and as this driver's arguments:
// ncu-case: {name: square-128, kind: square, M: 128, K: 128, N: 128, points: 1}
// ncu-args: 128 128 128
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "matmul.cuh"

int main(int argc, char** argv) {
  if (argc != 4) return 2;
  const int M = std::atoi(argv[1]), K = std::atoi(argv[2]), N = std::atoi(argv[3]);
  std::vector<float> host(static_cast<size_t>(M > N ? M : N) * K + static_cast<size_t>(M) * N, 1.0f);
  float *A, *B, *C;
  if (cudaMalloc(&A, sizeof(float) * M * K) != cudaSuccess || cudaMalloc(&B, sizeof(float) * K * N) != cudaSuccess ||
      cudaMalloc(&C, sizeof(float) * M * N) != cudaSuccess) return 1;
  cudaMemcpy(A, host.data(), sizeof(float) * M * K, cudaMemcpyHostToDevice);
  cudaMemcpy(B, host.data(), sizeof(float) * K * N, cudaMemcpyHostToDevice);
  matmul(A, B, C, M, K, N);
  const cudaError_t status = cudaDeviceSynchronize();
  std::printf("%s\n", cudaGetErrorString(status));
  return status == cudaSuccess ? 0 : 1;
}
