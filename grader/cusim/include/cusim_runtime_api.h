// cusim's runtime API: CUDA's error codes, memory, copies, device queries and the occupancy calculator, as
// cusim.h includes them after the vector types. Declared here and defined in grader/cusim/runtime/, never
// inline, so that a student's object names them as an nvcc object does and one symbol policy judges both.
// Only cusim.h includes this file.
#pragma once

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
