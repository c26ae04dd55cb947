// The CUDA runtime API a lab uses, on the CPU. Device memory is kept apart from host memory
// (device_memory.h): open only inside kernels and the runtime's own copies.
#include <unistd.h>

#include <cstring>

#include "cusim.h"
#include "cusim/runtime/device_memory.h"
#include "cusim/runtime/fatal.h"
#include "cusim/runtime/host_work.h"
#include "cusim/runtime/race_checker.h"
#include "cusim/runtime/scheduler.h"
#include "cusim/runtime/shared_memory.h"

namespace cusim {
namespace {

cudaError_t g_last_error = cudaSuccess;
size_t g_dynamic_shared_limit = kDefaultDynamicShared;

cudaError_t record(cudaError_t error) {
  if (error != cudaSuccess) g_last_error = error;
  return error;
}

cudaError_t launch_error(const LaunchConfig& config) {
  const dim3& b = config.block;
  const dim3& g = config.grid;
  const unsigned long long threads = 1ULL * b.x * b.y * b.z;
  if (threads == 0 || g.x == 0 || g.y == 0 || g.z == 0) return cudaErrorInvalidConfiguration;
  if (b.x > 1024 || b.y > 1024 || b.z > 64 || threads > 1024) return cudaErrorInvalidConfiguration;
  if (g.x > 2147483647u || g.y > 65535 || g.z > 65535) return cudaErrorInvalidConfiguration;
  if (config.dynamic_shared_bytes > g_dynamic_shared_limit) return cudaErrorInvalidValue;
  return cudaSuccess;
}

}  // namespace

void run_kernel(const LaunchConfig& config, const char* kernel_name, KernelBody body, void* closure) {
  if (scheduler().inside_kernel()) unsupported("a kernel launch inside a kernel (dynamic parallelism)", 0);
  if (cudaError_t error = launch_error(config); error != cudaSuccess) {
    record(error);
    return;
  }
  device_memory::OpenScope device_memory_open;
  race::begin_launch(config.grid.x, config.grid.y);
  const uint64_t blocks = uint64_t{config.grid.x} * config.grid.y * config.grid.z;
  const bool reverse = scheduler().schedule() == Schedule::kAdversarial;
  for (uint64_t turn = 0; turn < blocks; ++turn) {
    const uint64_t linear = reverse ? blocks - 1 - turn : turn;
    const uint3 block{static_cast<unsigned>(linear % config.grid.x),
                      static_cast<unsigned>(linear / config.grid.x % config.grid.y),
                      static_cast<unsigned>(linear / (uint64_t{config.grid.x} * config.grid.y))};
    scheduler().run_block(config, block, kernel_name, body, closure);
  }
}

void enter_kernel(const char* name, int line) {
  if (scheduler().inside_kernel()) return;
  fail("crashed", "kernel " + std::string(name) + " (line " + std::to_string(line) +
                      ") was called like a host function, without <<<grid, block>>>; nvcc refuses that. Launch it "
                      "as " + name + "<<<grid, block>>>(...)");
}

void unsupported(const char* construct, int line) {
  std::string where = line > 0 ? " (line " + std::to_string(line) + ")" : "";
  fail("unsupported", std::string(construct) + where +
                          " cannot run in the CPU simulator; grade this file on a GPU (--backend gpu)");
}

void not_allowed_in_a_lab(const char* reason, int line) {
  fail("crashed", std::string(reason) + (line > 0 ? " (line " + std::to_string(line) + ")" : std::string()));
}

void note_symbol_source(const void* source, size_t bytes) {
  device_memory::OpenScope device_memory_open;
  if (bytes > 0 && device_memory::contains(reinterpret_cast<uintptr_t>(source))) race::note_device_read(source, bytes);
}

}  // namespace cusim

using cusim::record;

extern "C" {

cudaError_t cudaMalloc(void** pointer, size_t bytes) {
  if (pointer == nullptr) return record(cudaErrorInvalidValue);
  *pointer = cusim::device_memory::allocate(bytes);
  return *pointer == nullptr ? record(cudaErrorMemoryAllocation) : cudaSuccess;
}

cudaError_t cudaFree(void* pointer) {
  if (pointer == nullptr) return cudaSuccess;
  if (cusim::device_memory::release(pointer) == cusim::device_memory::ReleaseOutcome::kNotABuffer) {
    return record(cudaErrorInvalidDevicePointer);
  }
  return cudaSuccess;
}

cudaError_t cudaMallocAsync(void** pointer, size_t bytes, cudaStream_t) { return cudaMalloc(pointer, bytes); }
cudaError_t cudaFreeAsync(void* pointer, cudaStream_t) { return cudaFree(pointer); }

cudaError_t cudaMemcpy(void* destination, const void* source, size_t bytes, cudaMemcpyKind kind) {
  if (kind < cudaMemcpyHostToHost || kind > cudaMemcpyDefault) return record(cudaErrorInvalidMemcpyDirection);
  if (bytes > 0 && (destination == nullptr || source == nullptr)) return record(cudaErrorInvalidValue);
  cusim::device_memory::OpenScope device_memory_open;
  if (bytes == 0) return cudaSuccess;
  std::memmove(destination, source, bytes);
  if (cusim::device_memory::contains(reinterpret_cast<uintptr_t>(destination))) {
    if (cusim::device_memory::contains(reinterpret_cast<uintptr_t>(source))) {
      cusim::race::note_device_to_device(destination, source, bytes);
    } else {
      cusim::race::note_host_to_device(destination, bytes);
    }
  }
  return cudaSuccess;
}

cudaError_t cudaMemcpyAsync(void* destination, const void* source, size_t bytes, cudaMemcpyKind kind, cudaStream_t) {
  return cudaMemcpy(destination, source, bytes, kind);
}

cudaError_t cudaMemcpy2D(void* destination, size_t destination_pitch, const void* source, size_t source_pitch,
                         size_t width, size_t height, cudaMemcpyKind kind) {
  if (width > destination_pitch || width > source_pitch) return record(cudaErrorInvalidValue);
  cusim::device_memory::OpenScope device_memory_open;  // once for every row, not once a row
  for (size_t row = 0; row < height; ++row) {
    cudaError_t error = cudaMemcpy(static_cast<char*>(destination) + row * destination_pitch,
                                   static_cast<const char*>(source) + row * source_pitch, width, kind);
    if (error != cudaSuccess) return error;
  }
  return cudaSuccess;
}

cudaError_t cudaMemcpy2DAsync(void* destination, size_t destination_pitch, const void* source, size_t source_pitch,
                              size_t width, size_t height, cudaMemcpyKind kind, cudaStream_t) {
  return cudaMemcpy2D(destination, destination_pitch, source, source_pitch, width, height, kind);
}

cudaError_t cudaMemset(void* pointer, int value, size_t bytes) {
  if (bytes > 0 && pointer == nullptr) return record(cudaErrorInvalidValue);
  cusim::device_memory::OpenScope device_memory_open;
  if (bytes > 0) std::memset(pointer, value, bytes);
  return cudaSuccess;
}

cudaError_t cudaMemsetAsync(void* pointer, int value, size_t bytes, cudaStream_t) {
  return cudaMemset(pointer, value, bytes);
}

cudaError_t cudaGetLastError(void) {
  cudaError_t error = cusim::g_last_error;
  cusim::g_last_error = cudaSuccess;
  return error;
}

cudaError_t cudaPeekAtLastError(void) { return cusim::g_last_error; }

const char* cudaGetErrorName(cudaError_t error) {
  switch (error) {
    case cudaSuccess: return "cudaSuccess";
    case cudaErrorInvalidValue: return "cudaErrorInvalidValue";
    case cudaErrorMemoryAllocation: return "cudaErrorMemoryAllocation";
    case cudaErrorInitializationError: return "cudaErrorInitializationError";
    case cudaErrorInvalidConfiguration: return "cudaErrorInvalidConfiguration";
    case cudaErrorInvalidDevicePointer: return "cudaErrorInvalidDevicePointer";
    case cudaErrorInvalidMemcpyDirection: return "cudaErrorInvalidMemcpyDirection";
    case cudaErrorInvalidSymbol: return "cudaErrorInvalidSymbol";
    case cudaErrorNoDevice: return "cudaErrorNoDevice";
    case cudaErrorInvalidDevice: return "cudaErrorInvalidDevice";
    case cudaErrorIllegalAddress: return "cudaErrorIllegalAddress";
    case cudaErrorLaunchOutOfResources: return "cudaErrorLaunchOutOfResources";
    case cudaErrorAssert: return "cudaErrorAssert";
    case cudaErrorLaunchFailure: return "cudaErrorLaunchFailure";
    case cudaErrorNotSupported: return "cudaErrorNotSupported";
    case cudaErrorUnknown: return "cudaErrorUnknown";
  }
  return "cudaErrorUnknown";
}

const char* cudaGetErrorString(cudaError_t error) {
  switch (error) {
    case cudaSuccess: return "no error";
    case cudaErrorInvalidValue: return "invalid argument";
    case cudaErrorMemoryAllocation: return "out of memory";
    case cudaErrorInvalidConfiguration: return "invalid configuration argument";
    case cudaErrorInvalidDevicePointer: return "invalid device pointer";
    case cudaErrorInvalidMemcpyDirection: return "invalid copy direction for memcpy";
    case cudaErrorIllegalAddress: return "an illegal memory access was encountered";
    default: return cudaGetErrorName(error);
  }
}

cudaError_t cudaDeviceSynchronize(void) { return cudaSuccess; }

cudaError_t cudaGetDevice(int* device) {
  if (device == nullptr) return record(cudaErrorInvalidValue);
  *device = 0;
  return cudaSuccess;
}

cudaError_t cudaGetDeviceCount(int* count) {
  if (count == nullptr) return record(cudaErrorInvalidValue);
  *count = 1;
  return cudaSuccess;
}

// The simulated device describes itself as a Hopper-class part, so launch arithmetic that reads the SM count
// or shared-memory size picks the same configuration as on the course's GPUs.
cudaError_t cudaGetDeviceProperties(cudaDeviceProp* properties, int device) {
  if (properties == nullptr || device != 0) return record(cudaErrorInvalidValue);
  *properties = cudaDeviceProp{};
  std::strncpy(properties->name, "cudagrade CPU simulator", sizeof properties->name - 1);
  properties->totalGlobalMem = cusim::device_memory::kCapacityBytes;
  properties->sharedMemPerBlock = cusim::kDefaultDynamicShared;
  properties->sharedMemPerBlockOptin = cusim::kMaxDynamicShared;
  properties->regsPerBlock = 65536;
  properties->warpSize = 32;
  properties->maxThreadsPerBlock = 1024;
  properties->maxThreadsDim[0] = 1024;
  properties->maxThreadsDim[1] = 1024;
  properties->maxThreadsDim[2] = 64;
  properties->maxGridSize[0] = 2147483647;
  properties->maxGridSize[1] = 65535;
  properties->maxGridSize[2] = 65535;
  properties->major = 9;
  properties->minor = 0;
  properties->multiProcessorCount = 132;
  properties->l2CacheSize = 50 * 1024 * 1024;
  properties->maxThreadsPerMultiProcessor = 2048;
  return cudaSuccess;
}

cudaError_t cudaDeviceGetAttribute(int* value, cudaDeviceAttr attribute, int device) {
  cudaDeviceProp properties;
  if (value == nullptr) return record(cudaErrorInvalidValue);
  if (cudaError_t error = cudaGetDeviceProperties(&properties, device); error != cudaSuccess) return error;
  switch (attribute) {
    case cudaDevAttrMaxThreadsPerBlock: *value = properties.maxThreadsPerBlock; break;
    case cudaDevAttrMaxSharedMemoryPerBlock: *value = static_cast<int>(properties.sharedMemPerBlock); break;
    case cudaDevAttrWarpSize: *value = 32; break;
    case cudaDevAttrMultiProcessorCount: *value = properties.multiProcessorCount; break;
    case cudaDevAttrL2CacheSize: *value = properties.l2CacheSize; break;
    case cudaDevAttrMaxThreadsPerMultiProcessor: *value = properties.maxThreadsPerMultiProcessor; break;
    case cudaDevAttrComputeCapabilityMajor: *value = properties.major; break;
    case cudaDevAttrComputeCapabilityMinor: *value = properties.minor; break;
    case cudaDevAttrMaxSharedMemoryPerBlockOptin: *value = static_cast<int>(properties.sharedMemPerBlockOptin); break;
    default: return record(cudaErrorInvalidValue);
  }
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
