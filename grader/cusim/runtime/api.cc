// The CUDA runtime API a lab uses, on the CPU. Device memory is kept apart from host memory
// (device_memory.h): open only inside kernels and the runtime's own copies.

#include <cstdlib>
#include <cstring>

#include "cusim.h"
#include "cusim/runtime/access_profile.h"
#include "cusim/runtime/device_memory.h"
#include "cusim/runtime/device_statics.h"
#include "cusim/runtime/fatal.h"
#include "cusim/runtime/host_work.h"
#include "cusim/runtime/launch_record.h"
#include "cusim/runtime/race_checker.h"
#include "cusim/runtime/runtime_state.h"
#include "cusim/runtime/scheduler.h"
#include "cusim/runtime/shared_memory.h"
#include "model/launch_account.h"

namespace cusim {

cudaError_t copy_memory(void* destination, const void* source, size_t bytes, cudaMemcpyKind kind, const void* caller);

cudaError_t g_last_error = cudaSuccess;
size_t g_dynamic_shared_limit = kDefaultDynamicShared;

void guard_out(const void* pointer, size_t bytes, const void* caller) {
  race::guard_write(pointer, bytes, reinterpret_cast<uintptr_t>(caller));
}

cudaError_t record(cudaError_t error) {
  if (error != cudaSuccess) g_last_error = error;
  return error;
}

namespace {

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

bool g_counting_launches = false;
bool g_launches_kept = false;  // an account since start(), until take()
cudagrade::LaunchAccount g_launches;
// The kernel the current launch runs, as its body names itself on entry (cusim::enter_kernel): the launch
// expression can be a pointer, and the GPU runner names the function the runtime launched.
const char* g_entered_kernel = nullptr;

// The parameters of the launch whose first thread just entered, as the GPU runner reads them from the
// launch's argument buffer: a parameter of 8 bytes that holds the address of device memory (a cudaMalloc
// buffer or a __device__ variable) is noted by its size alone, as addresses differ between the backends.
void note_parameters(const KernelParameter* parameters, int count) {
  if (count < 0) return g_launches.parameters_unread();
  g_launches.begin_parameters();
  for (int i = 0; i < count; ++i) {
    uint64_t word = 0;
    if (parameters[i].size == sizeof word) std::memcpy(&word, parameters[i].bytes, sizeof word);
    const bool address = parameters[i].size == sizeof word &&
                         (device_memory::contains(word) || device_statics::contains(word));
    g_launches.note_parameter(parameters[i].size, address ? nullptr : parameters[i].bytes);
  }
}

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

void enter_kernel(const char* name, int line, const KernelParameter* parameters, int count) {
  if (scheduler().inside_kernel()) {
    if (g_entered_kernel != nullptr) return;
    g_entered_kernel = name;
    if (g_counting_launches) note_parameters(parameters, count);
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

}  // extern "C"
