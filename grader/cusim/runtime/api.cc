// The CUDA runtime API a lab uses, on the CPU. Device memory is kept apart from host memory
// (device_memory.h): open only inside kernels and the runtime's own copies.
#include <unistd.h>

#include <cstdlib>
#include <cstring>

#include "cusim.h"
#include "cusim/runtime/access_profile.h"
#include "cusim/runtime/device_memory.h"
#include "cusim/runtime/fatal.h"
#include "cusim/runtime/host_work.h"
#include "cusim/runtime/launch_record.h"
#include "cusim/runtime/race_checker.h"
#include "cusim/runtime/scheduler.h"
#include "cusim/runtime/shared_memory.h"
#include "model/device_profile.h"
#include "model/launch_account.h"

namespace cusim {

cudaError_t copy_memory(void* destination, const void* source, size_t bytes, cudaMemcpyKind kind, const void* caller);

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

cudaError_t g_last_error = cudaSuccess;
size_t g_dynamic_shared_limit = kDefaultDynamicShared;
cudaFuncCache g_device_cache_config = cudaFuncCachePreferNone;

// A write the file asks the runtime to make for it (an answer through an out-parameter, a copy's
// destination) is held to the rule its own stores are: none into the runner's own variables (race_checker.h).
// `caller` is the file's call site, for the report.
void guard_out(const void* pointer, size_t bytes, const void* caller) {
  race::guard_write(pointer, bytes, reinterpret_cast<uintptr_t>(caller));
}
#define CUSIM_CALLER __builtin_return_address(0)

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

namespace {
bool g_counting_launches = false;
bool g_launches_kept = false;  // an account since start(), until take()
cudagrade::LaunchAccount g_launches;
// The kernel the current launch runs, as its body names itself on entry (cusim::enter_kernel): the launch
// expression can be a pointer, and the GPU runner names the function the runtime launched.
const char* g_entered_kernel = nullptr;

void note_launch(const LaunchConfig& config, const char* kernel) {
  if (!g_counting_launches) return;
  g_launches.note(kernel, config.grid.x, config.grid.y, config.grid.z, config.block.x, config.block.y,
                  config.block.z, config.dynamic_shared_bytes);
}
}  // namespace

void launches::start() {
  g_launches = {};
  g_counting_launches = true;
  g_launches_kept = true;
}

void launches::stop() { g_counting_launches = false; }

void launches::note_copy(cudagrade::CopyEntry entry, int kind, size_t bytes) {
  if (g_counting_launches) g_launches.note_copy(entry, static_cast<uint64_t>(kind), bytes);
}

std::string launches::take() {
  if (!g_launches_kept) return "";
  g_launches_kept = false;
  g_counting_launches = false;
  return g_launches.text();
}

void run_kernel(const LaunchConfig& config, const char* kernel_name, KernelBody body, void* closure) {
  if (scheduler().inside_kernel()) unsupported("a kernel launch inside a kernel (dynamic parallelism)", 0);
  if (cudaError_t error = launch_error(config); error != cudaSuccess) {
    note_launch(config, "");  // the GPU runner cannot name a refused launch's kernel either
    record(error);
    return;
  }
  device_memory::OpenScope device_memory_open;
  race::begin_launch(config.grid.x, config.grid.y);
  const uint64_t blocks = uint64_t{config.grid.x} * config.grid.y * config.grid.z;
  const bool reverse = scheduler().schedule() == Schedule::kAdversarial;
  profile::begin_launch(kernel_name, blocks, uint64_t{config.block.x} * config.block.y * config.block.z);
  g_entered_kernel = nullptr;
  for (uint64_t turn = 0; turn < blocks; ++turn) {
    const uint64_t linear = reverse ? blocks - 1 - turn : turn;
    const uint3 block{static_cast<unsigned>(linear % config.grid.x),
                      static_cast<unsigned>(linear / config.grid.x % config.grid.y),
                      static_cast<unsigned>(linear / (uint64_t{config.grid.x} * config.grid.y))};
    scheduler().run_block(config, block, kernel_name, body, closure);
  }
  profile::end_launch();
  // Noted once it ran (a launch is synchronous here, so nothing of the call's came between).
  note_launch(config, g_entered_kernel != nullptr ? g_entered_kernel : "");
}

void enter_kernel(const char* name, int line) {
  if (scheduler().inside_kernel()) {
    if (g_entered_kernel == nullptr) g_entered_kernel = name;
    return;
  }
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

namespace {

// A copy into a __constant__ or __device__ symbol reads its source on the device when the source is device
// memory: a mask copied into constant memory (the lecture's convolution) has been used by the device.
void note_symbol_source(const void* source, size_t bytes) {
  device_memory::OpenScope device_memory_open;
  if (bytes > 0 && device_memory::contains(reinterpret_cast<uintptr_t>(source))) race::note_device_read(source, bytes);
}

}  // namespace

cudaError_t copy_symbol(void* destination, const void* source, size_t bytes, cudaMemcpyKind kind, SymbolSide symbol,
                        bool in_range) {
  launches::note_copy(
      symbol == SymbolSide::kDestination ? cudagrade::CopyEntry::kToSymbol : cudagrade::CopyEntry::kFromSymbol, kind,
      bytes);
  if (!in_range) return record(cudaErrorInvalidValue);
  const cudaError_t status = copy_memory(destination, source, bytes, kind, CUSIM_CALLER);
  if (status == cudaSuccess && symbol == SymbolSide::kDestination) note_symbol_source(source, bytes);
  return status;
}

}  // namespace cusim

using cusim::record;

// cudaMemcpy's work, without counting the copy among the call's: what the runtime copies for the file (a 2-D
// copy's rows, a symbol's bytes) is counted once, at the entry the file called. `caller`, the file's call site,
// names the line when the destination is the runner's own (guard_out).
cudaError_t cusim::copy_memory(void* destination, const void* source, size_t bytes, cudaMemcpyKind kind,
                               const void* caller) {
  if (kind < cudaMemcpyHostToHost || kind > cudaMemcpyDefault) return record(cudaErrorInvalidMemcpyDirection);
  if (bytes > 0 && (destination == nullptr || source == nullptr)) return record(cudaErrorInvalidValue);
  guard_out(destination, bytes, caller);
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

extern "C" {

cudaError_t cudaMalloc(void** pointer, size_t bytes) {
  if (pointer == nullptr) return record(cudaErrorInvalidValue);
  cusim::guard_out(pointer, sizeof *pointer, CUSIM_CALLER);
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

// Each copy and memset entry is counted where the file calls it, as the GPU runner counts it (harness/runner_main.cu
// wraps the same entries); the runtime's own copies (cusim::copy_memory) are not.
cudaError_t cudaMemcpy(void* destination, const void* source, size_t bytes, cudaMemcpyKind kind) {
  cusim::launches::note_copy(cudagrade::CopyEntry::kLinear, kind, bytes);
  return cusim::copy_memory(destination, source, bytes, kind, CUSIM_CALLER);
}

cudaError_t cudaMemcpyAsync(void* destination, const void* source, size_t bytes, cudaMemcpyKind kind, cudaStream_t) {
  return cudaMemcpy(destination, source, bytes, kind);
}

cudaError_t cudaMemcpy2D(void* destination, size_t destination_pitch, const void* source, size_t source_pitch,
                         size_t width, size_t height, cudaMemcpyKind kind) {
  cusim::launches::note_copy(cudagrade::CopyEntry::kTwoD, kind, width * height);
  if (width > destination_pitch || width > source_pitch) return record(cudaErrorInvalidValue);
  cusim::device_memory::OpenScope device_memory_open;  // once for every row, not once a row
  for (size_t row = 0; row < height; ++row) {
    cudaError_t error = cusim::copy_memory(static_cast<char*>(destination) + row * destination_pitch,
                                           static_cast<const char*>(source) + row * source_pitch, width, kind,
                                           CUSIM_CALLER);
    if (error != cudaSuccess) return error;
  }
  return cudaSuccess;
}

cudaError_t cudaMemcpy2DAsync(void* destination, size_t destination_pitch, const void* source, size_t source_pitch,
                              size_t width, size_t height, cudaMemcpyKind kind, cudaStream_t) {
  return cudaMemcpy2D(destination, destination_pitch, source, source_pitch, width, height, kind);
}

cudaError_t cudaMemset(void* pointer, int value, size_t bytes) {
  cusim::launches::note_copy(cudagrade::CopyEntry::kMemset, value & 0xFF, bytes);
  if (bytes > 0 && pointer == nullptr) return record(cudaErrorInvalidValue);
  cusim::guard_out(pointer, bytes, CUSIM_CALLER);
  cusim::device_memory::OpenScope device_memory_open;
  if (bytes > 0) std::memset(pointer, value, bytes);
  return cudaSuccess;
}

cudaError_t cudaMemsetAsync(void* pointer, int value, size_t bytes, cudaStream_t) {
  return cudaMemset(pointer, value, bytes);
}

cudaError_t cudaMemset2D(void* pointer, size_t pitch, int value, size_t width, size_t height) {
  cusim::launches::note_copy(cudagrade::CopyEntry::kMemset2D, value & 0xFF, width * height);
  if (width > pitch || (width > 0 && height > 0 && pointer == nullptr)) return record(cudaErrorInvalidValue);
  cusim::device_memory::OpenScope device_memory_open;  // once for every row, not once a row
  for (size_t row = 0; row < height; ++row) {
    cusim::guard_out(static_cast<char*>(pointer) + row * pitch, width, CUSIM_CALLER);
    std::memset(static_cast<char*>(pointer) + row * pitch, value, width);
  }
  return cudaSuccess;
}

cudaError_t cudaMemset2DAsync(void* pointer, size_t pitch, int value, size_t width, size_t height, cudaStream_t) {
  return cudaMemset2D(pointer, pitch, value, width, height);
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
    case cudaErrorInvalidDeviceFunction: return "cudaErrorInvalidDeviceFunction";
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
    case cudaErrorInvalidDeviceFunction: return "invalid device function";
    default: return cudaGetErrorName(error);
  }
}

cudaError_t cudaDeviceSynchronize(void) { return cudaSuccess; }

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

// Hints the model ignores; CUDA checks their values.
static bool known_cache_config(cudaFuncCache config) {
  return config >= cudaFuncCachePreferNone && config <= cudaFuncCachePreferEqual;
}

cudaError_t cudaFuncSetCacheConfig(const void* function, cudaFuncCache config) {
  if (function == nullptr) return record(cudaErrorInvalidDeviceFunction);
  return known_cache_config(config) ? cudaSuccess : record(cudaErrorInvalidValue);
}

cudaError_t cudaDeviceSetCacheConfig(cudaFuncCache config) {
  if (!known_cache_config(config)) return record(cudaErrorInvalidValue);
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
