// cusim: the CUDA dialect a lab's .cu file uses, as plain C++ for the CPU simulator (issue #3).
//
// A submission is compiled with g++ after grader/sim/rewriter has turned the two constructs C++ cannot
// parse into calls (kernel<<<...>>>(...) and extern __shared__). This header supplies everything else:
// the execution-space keywords, the built-in variables, vector types, device intrinsics, atomics, warp
// operations and the runtime API a lab needs. Every CUDA thread runs as a fiber (grader/cusim/runtime/);
// barriers and warp operations are where fibers switch.
//
// The runtime API functions are declared here and defined in the runtime, never inline, so a student's
// object file names them exactly as an nvcc object does and the same symbol policy judges both
// (grader/compile/symbol_policy.cc). Functions the policy refuses are declared, so the file compiles and the
// refusal names them.
#pragma once

// nvcc's predefined macros and the headers nvcc brings in, first (cusim_environment.h).
#include "cusim_environment.h"
#include "cusim_warp_op.h"

namespace cusim {
using u32 = __UINT32_TYPE__;
using u64 = __UINT64_TYPE__;
}  // namespace cusim

// A kernel is never inlined into its launch: its code stays in a section of its own, where the check that device
// code reads no host variable looks (sim/host_reads.h). In the host pass of a file compiled in both of nvcc's
// passes (sim/arch_passes.h), a kernel's body is the host view's, which never runs on a GPU: weak, so that the
// device pass's definition takes its place when the two objects are joined (sim/pass_join.h), and noipa, so
// that no call to it is optimised on what this body does.
#ifdef __CUSIM_HOST_PASS__
#undef __CUSIM_HOST_PASS__
#define __global__ __attribute__((noipa, weak))
#else
#define __global__ __attribute__((noinline))
#endif
#define __device__
#define __host__
#define __constant__
#define __shared__ static
#define __forceinline__ inline __attribute__((always_inline))
#define __align__(n) __attribute__((aligned(n)))
#define __launch_bounds__(...)
#define CUDART_VERSION 13000
// -fsanitize=thread makes GCC define __SANITIZE_THREAD__, which nvcc never does: a file that tested it would
// run one code in the simulator's checks and another on the GPU (issue #33). __restrict__ is g++'s keyword
// as it is nvcc's, so it is not a macro here either.
#undef __SANITIZE_THREAD__
#undef _GLIBCXX_TSAN

// ---- Vector types and built-in variables -------------------------------------------------------------

#define CUSIM_VECTOR_TYPES(T, name)                                                   \
  struct name##1 { T x; };                                                            \
  struct alignas(2 * sizeof(T) <= 16 ? 2 * sizeof(T) : 16) name##2 { T x, y; };      \
  struct name##3 { T x, y, z; };                                                      \
  struct alignas(4 * sizeof(T) <= 16 ? 4 * sizeof(T) : 16) name##4 { T x, y, z, w; }; \
  inline name##1 make_##name##1(T x) { return {x}; }                                  \
  inline name##2 make_##name##2(T x, T y) { return {x, y}; }                          \
  inline name##3 make_##name##3(T x, T y, T z) { return {x, y, z}; }                  \
  inline name##4 make_##name##4(T x, T y, T z, T w) { return {x, y, z, w}; }
CUSIM_VECTOR_TYPES(float, float)
CUSIM_VECTOR_TYPES(double, double)
CUSIM_VECTOR_TYPES(int, int)
CUSIM_VECTOR_TYPES(unsigned int, uint)
CUSIM_VECTOR_TYPES(char, char)
CUSIM_VECTOR_TYPES(unsigned char, uchar)
CUSIM_VECTOR_TYPES(short, short)
CUSIM_VECTOR_TYPES(unsigned short, ushort)
CUSIM_VECTOR_TYPES(long, long)
CUSIM_VECTOR_TYPES(unsigned long, ulong)
CUSIM_VECTOR_TYPES(long long, longlong)
CUSIM_VECTOR_TYPES(unsigned long long, ulonglong)
#undef CUSIM_VECTOR_TYPES
// CUDA 13's 4-vectors of 8-byte elements aligned to 16 or 32 bytes, which its deprecation of double4, long4,
// ulong4, longlong4 and ulonglong4 points to.
#define CUSIM_ALIGNED_VECTOR_TYPES(T, name)                                                     \
  struct alignas(16) name##4_16a { T x, y, z, w; };                                             \
  struct alignas(32) name##4_32a { T x, y, z, w; };                                             \
  inline name##4_16a make_##name##4_16a(T x, T y, T z, T w) { return {x, y, z, w}; }           \
  inline name##4_32a make_##name##4_32a(T x, T y, T z, T w) { return {x, y, z, w}; }
CUSIM_ALIGNED_VECTOR_TYPES(double, double)
CUSIM_ALIGNED_VECTOR_TYPES(long, long)
CUSIM_ALIGNED_VECTOR_TYPES(unsigned long, ulong)
CUSIM_ALIGNED_VECTOR_TYPES(long long, longlong)
CUSIM_ALIGNED_VECTOR_TYPES(unsigned long long, ulonglong)
#undef CUSIM_ALIGNED_VECTOR_TYPES

struct dim3 {
  unsigned int x, y, z;
  constexpr dim3(unsigned int vx = 1, unsigned int vy = 1, unsigned int vz = 1) : x(vx), y(vy), z(vz) {}
  constexpr dim3(uint3 v) : x(v.x), y(v.y), z(v.z) {}
  constexpr operator uint3() const { return {x, y, z}; }
};

namespace cusim {
// Set by the scheduler before it resumes a thread's fiber; read-only to the kernel.
struct BuiltIns {
  uint3 thread_idx;
  uint3 block_idx;
  dim3 block_dim;
  dim3 grid_dim;
};
extern BuiltIns g_built_ins;
}  // namespace cusim

// Objects, as nvcc declares them, not macros: a host variable or a helper's parameter named blockDim shadows
// them as it does under nvcc. Each is a constant reference to the running thread's entry, so a read is one load.
static const uint3& threadIdx = ::cusim::g_built_ins.thread_idx;
static const uint3& blockIdx = ::cusim::g_built_ins.block_idx;
static const dim3& blockDim = ::cusim::g_built_ins.block_dim;
static const dim3& gridDim = ::cusim::g_built_ins.grid_dim;
constexpr int warpSize = 32;

// ---- Runtime API ---------------------------------------------------------------------------------------

enum cudaError_t {
  cudaSuccess = 0,
  cudaErrorInvalidValue = 1,
  cudaErrorMemoryAllocation = 2,
  cudaErrorInitializationError = 3,
  cudaErrorInvalidConfiguration = 9,
  cudaErrorInvalidDevicePointer = 17,
  cudaErrorInvalidMemcpyDirection = 21,
  cudaErrorInvalidDeviceFunction = 98,
  cudaErrorNoDevice = 100,
  cudaErrorInvalidDevice = 101,
  cudaErrorInvalidSymbol = 13,
  cudaErrorIllegalAddress = 700,
  cudaErrorLaunchOutOfResources = 701,
  cudaErrorAssert = 710,
  cudaErrorLaunchFailure = 719,
  cudaErrorNotSupported = 801,
  cudaErrorUnknown = 999,
};
typedef cudaError_t cudaError;
enum cudaMemcpyKind {
  cudaMemcpyHostToHost = 0,
  cudaMemcpyHostToDevice = 1,
  cudaMemcpyDeviceToHost = 2,
  cudaMemcpyDeviceToDevice = 3,
  cudaMemcpyDefault = 4,
};
enum cudaDeviceAttr {
  cudaDevAttrMaxThreadsPerBlock = 1,
  cudaDevAttrMaxBlockDimX = 2,
  cudaDevAttrMaxBlockDimY = 3,
  cudaDevAttrMaxBlockDimZ = 4,
  cudaDevAttrMaxGridDimX = 5,
  cudaDevAttrMaxGridDimY = 6,
  cudaDevAttrMaxGridDimZ = 7,
  cudaDevAttrMaxSharedMemoryPerBlock = 8,
  cudaDevAttrTotalConstantMemory = 9,
  cudaDevAttrWarpSize = 10,
  cudaDevAttrMaxRegistersPerBlock = 12,
  cudaDevAttrClockRate = 13,
  cudaDevAttrMultiProcessorCount = 16,
  cudaDevAttrIntegrated = 18,
  cudaDevAttrCanMapHostMemory = 19,
  cudaDevAttrConcurrentKernels = 31,
  cudaDevAttrEccEnabled = 32,
  cudaDevAttrPciBusId = 33,
  cudaDevAttrPciDeviceId = 34,
  cudaDevAttrMemoryClockRate = 36,
  cudaDevAttrGlobalMemoryBusWidth = 37,
  cudaDevAttrL2CacheSize = 38,
  cudaDevAttrMaxThreadsPerMultiProcessor = 39,
  cudaDevAttrAsyncEngineCount = 40,
  cudaDevAttrUnifiedAddressing = 41,
  cudaDevAttrComputeCapabilityMajor = 75,
  cudaDevAttrComputeCapabilityMinor = 76,
  cudaDevAttrStreamPrioritiesSupported = 78,
  cudaDevAttrGlobalL1CacheSupported = 79,
  cudaDevAttrLocalL1CacheSupported = 80,
  cudaDevAttrMaxSharedMemoryPerMultiprocessor = 81,
  cudaDevAttrMaxRegistersPerMultiprocessor = 82,
  cudaDevAttrManagedMemory = 83,
  cudaDevAttrComputePreemptionSupported = 90,
  cudaDevAttrCooperativeLaunch = 95,
  cudaDevAttrMaxSharedMemoryPerBlockOptin = 97,
  cudaDevAttrMaxBlocksPerMultiprocessor = 106,
  cudaDevAttrMaxPersistingL2CacheSize = 108,
  cudaDevAttrReservedSharedMemoryPerBlock = 111,
  cudaDevAttrMemoryPoolsSupported = 115,
  cudaDevAttrClusterLaunch = 120,
};
enum cudaFuncAttribute {
  cudaFuncAttributeMaxDynamicSharedMemorySize = 8,
  cudaFuncAttributePreferredSharedMemoryCarveout = 9,
};
// A kernel's or the device's preference between L1 and shared memory: a hint older tutorials give, which the
// simulator takes and the model ignores, as a Hopper GPU mostly does.
enum cudaFuncCache {
  cudaFuncCachePreferNone = 0,
  cudaFuncCachePreferShared = 1,
  cudaFuncCachePreferL1 = 2,
  cudaFuncCachePreferEqual = 3,
};
enum cudaSharedMemConfig {
  cudaSharedMemBankSizeDefault = 0,
  cudaSharedMemBankSizeFourByte = 1,
  cudaSharedMemBankSizeEightByte = 2,
};
enum cudaLimit {
  cudaLimitStackSize = 0,
  cudaLimitPrintfFifoSize = 1,
  cudaLimitMallocHeapSize = 2,
};
struct cudaPointerAttributes {
  int type;
  int device;
  void* devicePointer;
  void* hostPointer;
};
// CUDA 13's fields that describe the device (driver_types.h), under their own names; the texture, surface,
// NUMA and interop ones are left out.
struct cudaDeviceProp {
  char name[256];
  size_t totalGlobalMem;
  size_t sharedMemPerBlock;
  size_t sharedMemPerBlockOptin;
  size_t sharedMemPerMultiprocessor;
  size_t reservedSharedMemPerBlock;
  int regsPerBlock;
  int regsPerMultiprocessor;
  int warpSize;
  size_t memPitch;
  int maxThreadsPerBlock;
  int maxThreadsDim[3];
  int maxGridSize[3];
  size_t totalConstMem;
  int major;
  int minor;
  size_t textureAlignment;
  int multiProcessorCount;
  int integrated;
  int canMapHostMemory;
  int concurrentKernels;
  int ECCEnabled;
  int pciBusID;
  int pciDeviceID;
  int pciDomainID;
  int asyncEngineCount;
  int unifiedAddressing;
  int memoryBusWidth;
  int l2CacheSize;
  int persistingL2CacheMaxSize;
  int maxThreadsPerMultiProcessor;
  int maxBlocksPerMultiProcessor;
  int streamPrioritiesSupported;
  int globalL1CacheSupported;
  int localL1CacheSupported;
  int managedMemory;
  int isMultiGpuBoard;
  int computePreemptionSupported;
  int cooperativeLaunch;
  int accessPolicyMaxWindowSize;
  int memoryPoolsSupported;
  int clusterLaunch;
};
// CUDA's fields, in CUDA's order. The simulator compiles no PTX, so what only the compiled kernel knows
// (registers, static shared and local memory) reads 0; the limits are the grade's GPU's.
struct cudaFuncAttributes {
  size_t sharedSizeBytes;
  size_t constSizeBytes;
  size_t localSizeBytes;
  int maxThreadsPerBlock;
  int numRegs;
  int ptxVersion;
  int binaryVersion;
  int cacheModeCA;
  int maxDynamicSharedSizeBytes;
  int preferredShmemCarveout;
  int clusterDimMustBeSet;
  int requiredClusterWidth;
  int requiredClusterHeight;
  int requiredClusterDepth;
  int clusterSchedulingPolicyPreference;
  int nonPortableClusterSizeAllowed;
  int reserved[16];
};
struct CUstream_st;
typedef CUstream_st* cudaStream_t;
struct CUevent_st;
typedef CUevent_st* cudaEvent_t;
struct cudaGraph_st;
typedef cudaGraph_st* cudaGraph_t;

extern "C" {
cudaError_t cudaMalloc(void** pointer, size_t bytes);
cudaError_t cudaFree(void* pointer);
cudaError_t cudaMemcpy(void* destination, const void* source, size_t bytes, cudaMemcpyKind kind);
cudaError_t cudaMemcpyAsync(void* destination, const void* source, size_t bytes, cudaMemcpyKind kind,
                            cudaStream_t stream = 0);
cudaError_t cudaMemcpy2D(void* destination, size_t destination_pitch, const void* source, size_t source_pitch,
                         size_t width, size_t height, cudaMemcpyKind kind);
cudaError_t cudaMemcpy2DAsync(void* destination, size_t destination_pitch, const void* source, size_t source_pitch,
                              size_t width, size_t height, cudaMemcpyKind kind, cudaStream_t stream = 0);
cudaError_t cudaMemset(void* pointer, int value, size_t bytes);
cudaError_t cudaMemsetAsync(void* pointer, int value, size_t bytes, cudaStream_t stream = 0);
cudaError_t cudaMemset2D(void* pointer, size_t pitch, int value, size_t width, size_t height);
cudaError_t cudaMemset2DAsync(void* pointer, size_t pitch, int value, size_t width, size_t height,
                              cudaStream_t stream = 0);
cudaError_t cudaGetLastError(void);
cudaError_t cudaPeekAtLastError(void);
const char* cudaGetErrorString(cudaError_t error);
const char* cudaGetErrorName(cudaError_t error);
cudaError_t cudaDeviceSynchronize(void);
cudaError_t cudaGetDevice(int* device);
cudaError_t cudaGetDeviceCount(int* count);
cudaError_t cudaDeviceGetAttribute(int* value, cudaDeviceAttr attribute, int device);
cudaError_t cudaGetDeviceProperties(cudaDeviceProp* properties, int device);
cudaError_t cudaFuncSetAttribute(const void* function, cudaFuncAttribute attribute, int value);
cudaError_t cudaFuncGetAttributes(struct cudaFuncAttributes* attributes, const void* function);
cudaError_t cudaMallocAsync(void** pointer, size_t bytes, cudaStream_t stream);
cudaError_t cudaFreeAsync(void* pointer, cudaStream_t stream);
cudaError_t cudaFuncSetCacheConfig(const void* function, cudaFuncCache config);
cudaError_t cudaDeviceSetCacheConfig(cudaFuncCache config);
cudaError_t cudaDeviceGetCacheConfig(cudaFuncCache* config);
// Refused by the symbol policy (the timer, the device and the default stream belong to the grader; what the
// device's memory, versions, limits and host allocations are is not a lab's business, and would tell the
// simulator from a GPU); declared so that a file using them compiles and is rejected by name, as on the GPU.
cudaError_t cudaMemGetInfo(size_t* free_bytes, size_t* total_bytes);
cudaError_t cudaRuntimeGetVersion(int* version);
cudaError_t cudaDriverGetVersion(int* version);
cudaError_t cudaPointerGetAttributes(cudaPointerAttributes* attributes, const void* pointer);
cudaError_t cudaDeviceSetLimit(cudaLimit limit, size_t value);
cudaError_t cudaDeviceGetLimit(size_t* value, cudaLimit limit);
cudaError_t cudaDeviceSetSharedMemConfig(cudaSharedMemConfig config);
cudaError_t cudaMallocHost(void** pointer, size_t bytes);
cudaError_t cudaFreeHost(void* pointer);
cudaError_t cudaEventCreate(cudaEvent_t* event);
cudaError_t cudaEventRecord(cudaEvent_t event, cudaStream_t stream = 0);
cudaError_t cudaEventSynchronize(cudaEvent_t event);
cudaError_t cudaEventElapsedTime(float* ms, cudaEvent_t start, cudaEvent_t end);
cudaError_t cudaEventDestroy(cudaEvent_t event);
cudaError_t cudaStreamCreate(cudaStream_t* stream);
cudaError_t cudaStreamSynchronize(cudaStream_t stream);
cudaError_t cudaStreamDestroy(cudaStream_t stream);
cudaError_t cudaDeviceReset(void);
cudaError_t cudaSetDevice(int device);
cudaError_t cudaMallocManaged(void** pointer, size_t bytes, unsigned flags = 1);
cudaError_t cudaHostAlloc(void** pointer, size_t bytes, unsigned flags);
}

template <typename T>
cudaError_t cudaMalloc(T** pointer, size_t bytes) {
  return cudaMalloc(reinterpret_cast<void**>(pointer), bytes);
}
template <typename T>
cudaError_t cudaMallocAsync(T** pointer, size_t bytes, cudaStream_t stream) {
  return cudaMallocAsync(reinterpret_cast<void**>(pointer), bytes, stream);
}
template <typename T>
cudaError_t cudaGetSymbolAddress(void** address, const T& symbol) {
  *address = const_cast<T*>(&symbol);
  return cudaSuccess;
}
// The largest block the device allows, and enough blocks to fill it: the simulated device has no occupancy.
template <typename Kernel>
cudaError_t cudaOccupancyMaxPotentialBlockSize(int* min_grid, int* block, Kernel, size_t = 0, int limit = 0) {
  *block = limit > 0 && limit < 1024 ? limit : 1024;
  *min_grid = 132 * 2;
  return cudaSuccess;
}
// Blocks of `block_size` threads one SM of the grade's GPU holds, by its limits on threads, blocks and shared
// memory. The simulator does not know a kernel's registers or static shared memory, so a kernel limited by
// them is counted as if it were not: a grid sized from this is larger than the GPU's, never smaller.
template <typename Kernel>
cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(int* blocks, Kernel, int block_size,
                                                                   size_t dynamic_shared, unsigned = 0) {
  cudaDeviceProp device;
  if (const cudaError_t error = cudaGetDeviceProperties(&device, 0); error != cudaSuccess) return error;
  if (blocks == nullptr || block_size <= 0) return cudaErrorInvalidValue;
  const int threads = (block_size + device.warpSize - 1) / device.warpSize * device.warpSize;
  int count = device.maxThreadsPerMultiProcessor / threads;
  if (count > device.maxBlocksPerMultiProcessor) count = device.maxBlocksPerMultiProcessor;
  const size_t shared = dynamic_shared + device.reservedSharedMemPerBlock;
  if (shared > 0 && device.sharedMemPerMultiprocessor / shared < static_cast<size_t>(count)) {
    count = static_cast<int>(device.sharedMemPerMultiprocessor / shared);
  }
  *blocks = count;
  return cudaSuccess;
}
template <typename Kernel>
cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessor(int* blocks, Kernel kernel, int block_size,
                                                          size_t dynamic_shared) {
  return cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(blocks, kernel, block_size, dynamic_shared);
}
template <typename T>
cudaError_t cudaFuncGetAttributes(cudaFuncAttributes* attributes, T* function) {
  return cudaFuncGetAttributes(attributes, reinterpret_cast<const void*>(function));
}
template <typename T>
cudaError_t cudaFuncSetAttribute(T* function, cudaFuncAttribute attribute, int value) {
  return cudaFuncSetAttribute(reinterpret_cast<const void*>(function), attribute, value);
}
template <typename T>
cudaError_t cudaFuncSetCacheConfig(T* function, cudaFuncCache config) {
  return cudaFuncSetCacheConfig(reinterpret_cast<const void*>(function), config);
}
template <typename T>
cudaError_t cudaMallocHost(T** pointer, size_t bytes) {
  return cudaMallocHost(reinterpret_cast<void**>(pointer), bytes);
}
namespace cusim {
enum class SymbolSide { kDestination, kSource };
// cudaMemcpy's work for a copy to or from a symbol, counted among the call's copies as the GPU runner counts
// cudaMemcpyToSymbol and cudaMemcpyFromSymbol (model/launch_account.h), a copy out of the symbol's range too
// (`in_range` false), which fails with cudaErrorInvalidValue as on a GPU.
cudaError_t copy_symbol(void* destination, const void* source, size_t bytes, cudaMemcpyKind kind, SymbolSide symbol,
                        bool in_range);
}  // namespace cusim

// __constant__ and __device__ variables are ordinary host variables here, so a symbol is its own address.
template <typename T>
cudaError_t cudaMemcpyToSymbol(T& symbol, const void* source, size_t bytes, size_t offset = 0,
                               cudaMemcpyKind kind = cudaMemcpyHostToDevice) {
  return cusim::copy_symbol(reinterpret_cast<char*>(&symbol) + offset, source, bytes, kind,
                            cusim::SymbolSide::kDestination, offset <= sizeof(T) && bytes <= sizeof(T) - offset);
}
template <typename T>
cudaError_t cudaMemcpyFromSymbol(void* destination, const T& symbol, size_t bytes, size_t offset = 0,
                                 cudaMemcpyKind kind = cudaMemcpyDeviceToHost) {
  return cusim::copy_symbol(destination, reinterpret_cast<const char*>(&symbol) + offset, bytes, kind,
                            cusim::SymbolSide::kSource, offset <= sizeof(T) && bytes <= sizeof(T) - offset);
}
// A launch is synchronous here, and so is every copy.
template <typename T>
cudaError_t cudaMemcpyToSymbolAsync(T& symbol, const void* source, size_t bytes, size_t offset = 0,
                                    cudaMemcpyKind kind = cudaMemcpyHostToDevice, cudaStream_t = 0) {
  return cudaMemcpyToSymbol(symbol, source, bytes, offset, kind);
}
template <typename T>
cudaError_t cudaMemcpyFromSymbolAsync(void* destination, const T& symbol, size_t bytes, size_t offset = 0,
                                      cudaMemcpyKind kind = cudaMemcpyDeviceToHost, cudaStream_t = 0) {
  return cudaMemcpyFromSymbol(destination, symbol, bytes, offset, kind);
}

// ---- Kernel launches (kernel<<<grid, block, shared, stream>>>(args) after rewriting) ---------------------

namespace cusim {

struct LaunchConfig {
  dim3 grid, block;
  size_t dynamic_shared_bytes;
  cudaStream_t stream;
  LaunchConfig(dim3 g, dim3 b, size_t shared = 0, cudaStream_t s = 0)
      : grid(g), block(b), dynamic_shared_bytes(shared), stream(s) {}
};

using KernelBody = void (*)(void* closure);
// Called first in every kernel body (the rewriter inserts it): a kernel called without <<<>>> is an error.
void enter_kernel(const char* name, int line);
// Runs every block of the grid to completion (a launch is synchronous here), or records the launch error
// CUDA would give for the configuration.
void run_kernel(const LaunchConfig& config, const char* kernel_name, KernelBody body, void* closure);

// `call` invokes the kernel with its arguments; the arguments are evaluated once, at the launch, as CUDA
// does, and every thread gets its own copy of the parameters.
// (A launch's arguments are kept in slots of their own rather than a std::tuple: <tuple> is a header nvcc does
// not include, whose macros a file could test.)
template <size_t I, typename T>
struct ArgumentSlot {
  T value;
};
template <typename Indices, typename... T>
struct Arguments;
template <size_t... I, typename... T>
struct Arguments<std::index_sequence<I...>, T...> : ArgumentSlot<I, T>... {
  template <typename Call>
  void pass_to(Call& call) {
    call(static_cast<ArgumentSlot<I, T>&>(*this).value...);
  }
};

template <typename Call, typename... Args>
void launch(const LaunchConfig& config, const char* kernel_name, Call call, Args&&... args) {
  struct Closure {
    Call call;
    Arguments<std::index_sequence_for<Args...>, std::decay_t<Args>...> arguments;
  } closure{call, {{std::forward<Args>(args)}...}};
  run_kernel(config, kernel_name,
             [](void* c) {
               auto& self = *static_cast<Closure*>(c);
               self.arguments.pass_to(self.call);
             },
             &closure);
}

// The one dynamic shared-memory buffer; blocks run one at a time, so every block may use the same one.
extern unsigned char* const g_dynamic_shared;

// A static __shared__ array, registered the first time its declaration runs, refilled with garbage at the
// start of every block so a read before a write shows, and named in race reports.
struct SharedArray {
  SharedArray(const volatile void* address, size_t bytes, const char* name, int line);
};

// ---- Barriers and warp operations -----------------------------------------------------------------------

void syncthreads(int line);
int syncthreads_count(int predicate, int line);
void syncwarp(unsigned mask, int line);

// A warp-scoped rendezvous of the lanes in `mask`; returns this lane's result.
u64 warp_collective(WarpOp op, unsigned mask, u64 value, int argument, int width, int line);
unsigned active_mask(int line);

// A construct the simulator cannot run: the case ends as `unsupported`, naming it.
[[noreturn]] void unsupported(const char* construct, int line);
// Valid CUDA that cannot run in a lab on a GPU either (a grid-wide barrier without a cooperative launch): the
// case ends as `crashed`, with `reason`.
[[noreturn]] void not_allowed_in_a_lab(const char* reason, int line);

// A value of any trivially copyable type, moved 8 bytes at a time, as cooperative groups' shfl moves a
// struct; the intrinsics themselves take at most 8 bytes.
template <typename T>
T shuffle_any(WarpOp op, unsigned mask, T value, int argument, int width, int line) {
  static_assert(std::is_trivially_copyable_v<T>, "a shuffled value must be trivially copyable");
  unsigned char bytes[sizeof(T)];
  memcpy(bytes, &value, sizeof(T));
  for (size_t at = 0; at < sizeof(T); at += 8) {
    u64 chunk = 0;
    const size_t count = sizeof(T) - at < 8 ? sizeof(T) - at : 8;
    memcpy(&chunk, bytes + at, count);
    chunk = warp_collective(op, mask, chunk, argument, width, line);
    memcpy(bytes + at, &chunk, count);
  }
  T result;
  memcpy(&result, bytes, sizeof(T));
  return result;
}

template <typename T>
T shuffle(WarpOp op, unsigned mask, T value, int argument, int width, int line) {
  static_assert(sizeof(T) <= 8 && std::is_trivially_copyable_v<T>, "shuffles move at most 8 bytes");
  u64 bits = 0;
  memcpy(&bits, &value, sizeof(T));
  bits = warp_collective(op, mask, bits, argument, width, line);
  T result;
  memcpy(&result, &bits, sizeof(T));
  return result;
}

}  // namespace cusim

#include "cusim_warp_functions.h"
#include "cusim_device_functions.h"
#include "cusim_intrinsics.h"
#include "cusim_rounding.h"
#include "cusim_math.h"
#include "cusim_simd.h"
#include "cusim_dpx.h"
#include "cusim_nvcc_macros.h"
