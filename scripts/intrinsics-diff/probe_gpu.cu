// The H200's side of scripts/intrinsics-diff/: every case of cases.h on every operand set, one thread each,
// printed as "name type ulps sample bits" lines.
//   nvcc -std=c++17 -O3 -arch=sm_90 probe_gpu.cu -o probe_gpu && ./probe_gpu > gpu.txt
#include <cstdio>
#include <cstdlib>

#include "probe.h"

__global__ void run_all(unsigned long long* out, int total) {
  const int id = blockIdx.x * blockDim.x + threadIdx.x;
  if (id < total) out[id] = run_case(id / kSamples, id % kSamples);
}

static void check(cudaError_t error, const char* what) {
  if (error == cudaSuccess) return;
  std::fprintf(stderr, "%s: %s\n", what, cudaGetErrorString(error));
  std::exit(1);
}

int main() {
  constexpr int total = probe_case_count() * kSamples;
  unsigned long long* device = nullptr;
  check(cudaMalloc(&device, sizeof(unsigned long long) * total), "cudaMalloc");
  run_all<<<(total + 255) / 256, 256>>>(device, total);
  check(cudaGetLastError(), "launch");
  static unsigned long long host[total];
  check(cudaMemcpy(host, device, sizeof host, cudaMemcpyDeviceToHost), "cudaMemcpy");
  check(cudaFree(device), "cudaFree");
  int slot = 0;
#define PROBE_PRINT(name, type, ulps, expression)                                                          \
  for (int sample = 0; sample < kSamples; ++sample) {                                                      \
    std::printf("%s %s %d %d %llx\n", #name, #type, ulps, sample, host[slot * kSamples + sample]);        \
  }                                                                                                        \
  ++slot;
  PROBE_CASES(PROBE_PRINT)
}
