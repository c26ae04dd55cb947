#include "backend/gpu_probe.h"

#include <cuda_runtime_api.h>

namespace cudagrade {

GpuProbe probe_gpu() {
  GpuProbe probe;
  int count = 0;
  cudaError_t status = cudaGetDeviceCount(&count);
  if (status != cudaSuccess) {
    probe.reason = std::string(cudaGetErrorName(status)) + ": " + cudaGetErrorString(status);
    return probe;
  }
  if (count == 0) {
    probe.reason = "no CUDA device is visible";
    return probe;
  }
  cudaDeviceProp properties{};
  status = cudaGetDeviceProperties(&properties, 0);
  if (status != cudaSuccess) {
    probe.reason = std::string(cudaGetErrorName(status)) + ": " + cudaGetErrorString(status);
    return probe;
  }
  probe.usable = true;
  probe.count = count;
  probe.name = properties.name;
  probe.arch = std::to_string(properties.major) + std::to_string(properties.minor);
  return probe;
}

}  // namespace cudagrade
