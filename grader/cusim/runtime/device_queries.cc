// What the simulated device says of itself: the device count and number, cudaDeviceProp, the attributes, a
// kernel's attributes and the cache hints. It describes itself as the GPU of the grade (model/device_profile.h),
// whose profile the grader passes in the environment.
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <cstring>

#include "cusim.h"
#include "cusim/runtime/runtime_state.h"
#include "cusim/runtime/shared_memory.h"
#include "model/device_profile.h"

namespace cusim {
namespace {

cudagrade::DeviceProfile& device_profile() {
  static cudagrade::DeviceProfile profile;
  return profile;
}

// Before any initialiser of the file's (priority 101 runs before every default-priority one): the profile of
// the GPU of the grade, which the grader passes in the environment (model/device_profile.h); then the variable
// is removed and its text wiped, so that the file finds no trace of it.
__attribute__((constructor(101))) void take_device_profile() {
  char* value = std::getenv(cudagrade::kDeviceProfileVariable);
  if (value == nullptr) return;
  device_profile().read(value);
  char* entry = value - std::strlen(cudagrade::kDeviceProfileVariable) - 1;
  const size_t length = std::strlen(entry);
  unsetenv(cudagrade::kDeviceProfileVariable);
  std::memset(entry, 0, length);
}

cudaFuncCache g_device_cache_config = cudaFuncCachePreferNone;

// Hints the model ignores; CUDA checks their values.
bool known_cache_config(cudaFuncCache config) {
  return config >= cudaFuncCachePreferNone && config <= cudaFuncCachePreferEqual;
}

}  // namespace
}  // namespace cusim

using cusim::record;

extern "C" {

cudaError_t cudaGetDevice(int* device) {
  if (device == nullptr) return record(cudaErrorInvalidValue);
  cusim::guard_out(device, sizeof *device, CUSIM_CALLER);
  *device = 0;
  return cudaSuccess;
}

cudaError_t cudaGetDeviceCount(int* count) {
  if (count == nullptr) return record(cudaErrorInvalidValue);
  cusim::guard_out(count, sizeof *count, CUSIM_CALLER);
  *count = 1;
  return cudaSuccess;
}

// The simulated device describes itself as the GPU of the grade (model/device_profile.h), so that launch
// arithmetic that reads the SM count or shared-memory size picks the configuration it picks there, and a file
// that asks cannot tell the two apart. The limits a launch is held to are the simulator's, which are Hopper's.
cudaError_t cudaGetDeviceProperties(cudaDeviceProp* properties, int device) {
  if (properties == nullptr || device != 0) return record(cudaErrorInvalidValue);
  cusim::guard_out(properties, sizeof *properties, CUSIM_CALLER);
  const cudagrade::DeviceProfile& profile = cusim::device_profile();
  // What the GPU answered for the attribute behind a field, where the profile holds the table.
  auto answered = [&profile](int attribute, int fallback) {
    auto found = profile.attributes.find(attribute);
    return found == profile.attributes.end() ? fallback : found->second;
  };
  *properties = cudaDeviceProp{};
  std::strncpy(properties->name, profile.name.c_str(), sizeof properties->name - 1);
  properties->totalGlobalMem = static_cast<size_t>(profile.memory_bytes);
  properties->sharedMemPerBlock = cusim::kDefaultDynamicShared;
  properties->sharedMemPerBlockOptin = cusim::kMaxDynamicShared;
  properties->sharedMemPerMultiprocessor = static_cast<size_t>(profile.shared_per_multiprocessor);
  properties->reservedSharedMemPerBlock = static_cast<size_t>(answered(111, 1024));
  properties->regsPerBlock = 65536;
  properties->regsPerMultiprocessor = profile.regs_per_multiprocessor;
  properties->warpSize = 32;
  properties->memPitch = 2147483647;
  properties->maxThreadsPerBlock = 1024;
  properties->maxThreadsDim[0] = 1024;
  properties->maxThreadsDim[1] = 1024;
  properties->maxThreadsDim[2] = 64;
  properties->maxGridSize[0] = 2147483647;
  properties->maxGridSize[1] = 65535;
  properties->maxGridSize[2] = 65535;
  properties->totalConstMem = static_cast<size_t>(profile.constant_bytes);
  properties->major = profile.major;
  properties->minor = profile.minor;
  properties->textureAlignment = static_cast<size_t>(answered(14, 512));
  properties->multiProcessorCount = profile.multiprocessors;
  properties->canMapHostMemory = answered(19, 1);
  properties->concurrentKernels = answered(31, 1);
  properties->ECCEnabled = answered(32, 1);
  properties->asyncEngineCount = answered(40, 2);
  properties->unifiedAddressing = answered(41, 1);
  properties->memoryBusWidth = profile.memory_bus_bits;
  properties->l2CacheSize = profile.l2_bytes;
  properties->persistingL2CacheMaxSize = answered(108, profile.l2_bytes / 8 * 5);
  properties->maxThreadsPerMultiProcessor = profile.threads_per_multiprocessor;
  properties->maxBlocksPerMultiProcessor = profile.blocks_per_multiprocessor;
  properties->streamPrioritiesSupported = answered(78, 1);
  properties->globalL1CacheSupported = answered(79, 1);
  properties->localL1CacheSupported = answered(80, 1);
  properties->managedMemory = answered(83, 1);
  properties->computePreemptionSupported = answered(90, 1);
  properties->cooperativeLaunch = answered(95, 1);
  properties->accessPolicyMaxWindowSize = answered(109, 134217728);
  properties->memoryPoolsSupported = answered(115, 1);
  properties->clusterLaunch = answered(120, profile.major >= 9 ? 1 : 0);
  return cudaSuccess;
}

cudaError_t cudaDeviceGetAttribute(int* value, cudaDeviceAttr attribute, int device) {
  cudaDeviceProp properties;
  if (value == nullptr) return record(cudaErrorInvalidValue);
  cusim::guard_out(value, sizeof *value, CUSIM_CALLER);
  if (cudaError_t error = cudaGetDeviceProperties(&properties, device); error != cudaSuccess) return error;
  const cudagrade::DeviceProfile& profile = cusim::device_profile();
  if (auto copied = profile.attributes.find(static_cast<int>(attribute)); copied != profile.attributes.end()) {
    *value = copied->second;
    return cudaSuccess;
  }
  switch (attribute) {
    case cudaDevAttrMaxThreadsPerBlock: *value = properties.maxThreadsPerBlock; break;
    case cudaDevAttrMaxBlockDimX: *value = properties.maxThreadsDim[0]; break;
    case cudaDevAttrMaxBlockDimY: *value = properties.maxThreadsDim[1]; break;
    case cudaDevAttrMaxBlockDimZ: *value = properties.maxThreadsDim[2]; break;
    case cudaDevAttrMaxGridDimX: *value = properties.maxGridSize[0]; break;
    case cudaDevAttrMaxGridDimY: *value = properties.maxGridSize[1]; break;
    case cudaDevAttrMaxGridDimZ: *value = properties.maxGridSize[2]; break;
    case cudaDevAttrMaxSharedMemoryPerBlock: *value = static_cast<int>(properties.sharedMemPerBlock); break;
    case cudaDevAttrTotalConstantMemory: *value = static_cast<int>(properties.totalConstMem); break;
    case cudaDevAttrWarpSize: *value = 32; break;
    case cudaDevAttrMaxRegistersPerBlock: *value = properties.regsPerBlock; break;
    case cudaDevAttrClockRate: *value = profile.clock_khz; break;
    case cudaDevAttrMultiProcessorCount: *value = properties.multiProcessorCount; break;
    case cudaDevAttrIntegrated: *value = properties.integrated; break;
    case cudaDevAttrCanMapHostMemory: *value = properties.canMapHostMemory; break;
    case cudaDevAttrConcurrentKernels: *value = properties.concurrentKernels; break;
    case cudaDevAttrEccEnabled: *value = properties.ECCEnabled; break;
    case cudaDevAttrPciBusId: *value = properties.pciBusID; break;
    case cudaDevAttrPciDeviceId: *value = properties.pciDeviceID; break;
    case cudaDevAttrMemoryClockRate: *value = profile.memory_clock_khz; break;
    case cudaDevAttrGlobalMemoryBusWidth: *value = properties.memoryBusWidth; break;
    case cudaDevAttrL2CacheSize: *value = properties.l2CacheSize; break;
    case cudaDevAttrMaxThreadsPerMultiProcessor: *value = properties.maxThreadsPerMultiProcessor; break;
    case cudaDevAttrAsyncEngineCount: *value = properties.asyncEngineCount; break;
    case cudaDevAttrUnifiedAddressing: *value = properties.unifiedAddressing; break;
    case cudaDevAttrComputeCapabilityMajor: *value = properties.major; break;
    case cudaDevAttrComputeCapabilityMinor: *value = properties.minor; break;
    case cudaDevAttrStreamPrioritiesSupported: *value = properties.streamPrioritiesSupported; break;
    case cudaDevAttrGlobalL1CacheSupported: *value = properties.globalL1CacheSupported; break;
    case cudaDevAttrLocalL1CacheSupported: *value = properties.localL1CacheSupported; break;
    case cudaDevAttrMaxSharedMemoryPerMultiprocessor:
      *value = static_cast<int>(properties.sharedMemPerMultiprocessor);
      break;
    case cudaDevAttrMaxRegistersPerMultiprocessor: *value = properties.regsPerMultiprocessor; break;
    case cudaDevAttrManagedMemory: *value = properties.managedMemory; break;
    case cudaDevAttrComputePreemptionSupported: *value = properties.computePreemptionSupported; break;
    case cudaDevAttrCooperativeLaunch: *value = properties.cooperativeLaunch; break;
    case cudaDevAttrMaxSharedMemoryPerBlockOptin: *value = static_cast<int>(properties.sharedMemPerBlockOptin); break;
    case cudaDevAttrMaxBlocksPerMultiprocessor: *value = properties.maxBlocksPerMultiProcessor; break;
    case cudaDevAttrMaxPersistingL2CacheSize: *value = properties.persistingL2CacheMaxSize; break;
    case cudaDevAttrReservedSharedMemoryPerBlock:
      *value = static_cast<int>(properties.reservedSharedMemPerBlock);
      break;
    case cudaDevAttrMemoryPoolsSupported: *value = properties.memoryPoolsSupported; break;
    case cudaDevAttrClusterLaunch: *value = properties.clusterLaunch; break;
    default: return record(cudaErrorInvalidValue);
  }
  return cudaSuccess;
}

cudaError_t cudaFuncGetAttributes(cudaFuncAttributes* attributes, const void* function) {
  if (attributes == nullptr || function == nullptr) return record(cudaErrorInvalidValue);
  cusim::guard_out(attributes, sizeof *attributes, CUSIM_CALLER);
  *attributes = cudaFuncAttributes{};
  attributes->maxThreadsPerBlock = 1024;
  attributes->ptxVersion = 90;
  attributes->binaryVersion = 90;
  attributes->maxDynamicSharedSizeBytes = static_cast<int>(cusim::g_dynamic_shared_limit);
  attributes->preferredShmemCarveout = -1;
  return cudaSuccess;
}

cudaError_t cudaFuncSetCacheConfig(const void* function, cudaFuncCache config) {
  if (function == nullptr) return record(cudaErrorInvalidDeviceFunction);
  return cusim::known_cache_config(config) ? cudaSuccess : record(cudaErrorInvalidValue);
}

cudaError_t cudaDeviceSetCacheConfig(cudaFuncCache config) {
  if (!cusim::known_cache_config(config)) return record(cudaErrorInvalidValue);
  cusim::g_device_cache_config = config;
  return cudaSuccess;
}

cudaError_t cudaDeviceGetCacheConfig(cudaFuncCache* config) {
  if (config == nullptr) return record(cudaErrorInvalidValue);
  cusim::guard_out(config, sizeof *config, CUSIM_CALLER);
  *config = cusim::g_device_cache_config;
  return cudaSuccess;
}

// Approximation: the opt-in is remembered for every kernel, not only the one named.
cudaError_t cudaFuncSetAttribute(const void*, cudaFuncAttribute attribute, int value) {
  if (attribute == cudaFuncAttributeMaxDynamicSharedMemorySize) {
    if (value < 0 || static_cast<size_t>(value) > cusim::kMaxDynamicShared) return record(cudaErrorInvalidValue);
    cusim::g_dynamic_shared_limit = std::max(cusim::g_dynamic_shared_limit, static_cast<size_t>(value));
  }
  return cudaSuccess;
}

}  // extern "C"
