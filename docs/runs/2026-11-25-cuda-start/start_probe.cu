// Where a process's CUDA start-up goes: cuInit, the primary context, and the runner's first calls (the
// harness's say_hello: cudaFree(nullptr), cudaGetDevice, cudaGetDeviceProperties), in milliseconds.
//   nvcc -O2 -o start_probe start_probe.cu -lcuda && ./start_probe [seconds to keep the context open]
#include <cuda.h>
#include <cuda_runtime.h>

#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>

static double ms_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
}

int main(int argc, char** argv) {
  auto start = std::chrono::steady_clock::now();
  if (cuInit(0) != CUDA_SUCCESS) return 1;
  const double init_ms = ms_since(start);
  start = std::chrono::steady_clock::now();
  if (cudaFree(nullptr) != cudaSuccess) return 2;  // the runtime's primary context
  const double context_ms = ms_since(start);
  start = std::chrono::steady_clock::now();
  int device = 0;
  cudaDeviceProp properties{};
  if (cudaGetDevice(&device) != cudaSuccess || cudaGetDeviceProperties(&properties, device) != cudaSuccess) return 3;
  const double properties_ms = ms_since(start);
  std::printf("cuInit %.1f ms, context %.1f ms, properties %.1f ms\n", init_ms, context_ms, properties_ms);
  std::fflush(stdout);
  if (argc > 1) sleep(static_cast<unsigned>(std::atoi(argv[1])));  // another process holding the GPU open
  return 0;
}
