#include "backend/gpu_probe.h"

#include <cuda_runtime_api.h>

namespace cudagrade {
namespace {

DeviceProfile profile_of(const cudaDeviceProp& properties) {
  DeviceProfile profile;
  profile.name = properties.name;
  profile.major = properties.major;
  profile.minor = properties.minor;
  profile.multiprocessors = properties.multiProcessorCount;
  profile.l2_bytes = properties.l2CacheSize;
  profile.memory_bytes = static_cast<int64_t>(properties.totalGlobalMem);
  profile.shared_per_multiprocessor = static_cast<int64_t>(properties.sharedMemPerMultiprocessor);
  profile.regs_per_multiprocessor = properties.regsPerMultiprocessor;
  profile.threads_per_multiprocessor = properties.maxThreadsPerMultiProcessor;
  profile.blocks_per_multiprocessor = properties.maxBlocksPerMultiProcessor;
  profile.memory_bus_bits = properties.memoryBusWidth;
  profile.constant_bytes = static_cast<int64_t>(properties.totalConstMem);
  // The clocks are attributes only, since CUDA 13.
  cudaDeviceGetAttribute(&profile.clock_khz, cudaDevAttrClockRate, 0);
  cudaDeviceGetAttribute(&profile.memory_clock_khz, cudaDevAttrMemoryClockRate, 0);
  for (int number = 1; number < static_cast<int>(cudaDevAttrMax); ++number) {
    int value = 0;
    if (cudaDeviceGetAttribute(&value, static_cast<cudaDeviceAttr>(number), 0) == cudaSuccess) {
      profile.attributes[number] = value;
    }
  }
  cudaGetLastError();  // an attribute this driver does not know is no error of the probe's
  return profile;
}

}  // namespace

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
  probe.profile = profile_of(properties);
  return probe;
}

}  // namespace cudagrade
