// cusim: CUDA's <cuda.h>, the driver API's header. Old tutorials and many students include it out of habit
// beside the runtime's; a file that does built under nvcc and was refused in the simulator, which had no such
// header. What a lab's file may take from it: CUDA_VERSION and the driver's types. Its functions are declared
// as the toolkit's header names them (the _v2 spellings), so that a file that calls one is refused by the
// symbol policy here as under nvcc: the driver API is not on the list of calls a lab allows.
#pragma once

#include <stddef.h>

#include "cusim.h"

#define CUDA_VERSION 13000

typedef int CUdevice;
typedef unsigned long long CUdeviceptr;
typedef struct CUctx_st* CUcontext;
typedef struct CUmod_st* CUmodule;
typedef struct CUfunc_st* CUfunction;
typedef CUstream_st* CUstream;
typedef CUevent_st* CUevent;

typedef enum cudaError_enum {
  CUDA_SUCCESS = 0,
  CUDA_ERROR_INVALID_VALUE = 1,
  CUDA_ERROR_OUT_OF_MEMORY = 2,
  CUDA_ERROR_NOT_INITIALIZED = 3,
  CUDA_ERROR_DEINITIALIZED = 4,
  CUDA_ERROR_NO_DEVICE = 100,
  CUDA_ERROR_INVALID_DEVICE = 101,
  CUDA_ERROR_INVALID_CONTEXT = 201,
  CUDA_ERROR_NOT_FOUND = 500,
  CUDA_ERROR_LAUNCH_FAILED = 719,
  CUDA_ERROR_UNKNOWN = 999
} CUresult;

#define cuCtxCreate cuCtxCreate_v4
#define cuCtxDestroy cuCtxDestroy_v2
#define cuMemAlloc cuMemAlloc_v2
#define cuMemFree cuMemFree_v2
#define cuMemcpyHtoD cuMemcpyHtoD_v2
#define cuMemcpyDtoH cuMemcpyDtoH_v2
#define cuMemcpyDtoD cuMemcpyDtoD_v2
#define cuMemGetInfo cuMemGetInfo_v2
#define cuDeviceTotalMem cuDeviceTotalMem_v2

extern "C" {
CUresult cuInit(unsigned int flags);
CUresult cuDriverGetVersion(int* version);
CUresult cuDeviceGet(CUdevice* device, int ordinal);
CUresult cuDeviceGetCount(int* count);
CUresult cuDeviceGetName(char* name, int length, CUdevice device);
CUresult cuDeviceGetAttribute(int* value, int attribute, CUdevice device);
CUresult cuDeviceTotalMem_v2(size_t* bytes, CUdevice device);
CUresult cuDevicePrimaryCtxRetain(CUcontext* context, CUdevice device);
CUresult cuCtxCreate_v4(CUcontext* context, void* params, unsigned int flags, CUdevice device);
CUresult cuCtxDestroy_v2(CUcontext context);
CUresult cuCtxGetCurrent(CUcontext* context);
CUresult cuCtxSetCurrent(CUcontext context);
CUresult cuCtxSynchronize(void);
CUresult cuMemAlloc_v2(CUdeviceptr* pointer, size_t bytes);
CUresult cuMemFree_v2(CUdeviceptr pointer);
CUresult cuMemGetInfo_v2(size_t* free_bytes, size_t* total_bytes);
CUresult cuMemcpyHtoD_v2(CUdeviceptr destination, const void* source, size_t bytes);
CUresult cuMemcpyDtoH_v2(void* destination, CUdeviceptr source, size_t bytes);
CUresult cuMemcpyDtoD_v2(CUdeviceptr destination, CUdeviceptr source, size_t bytes);
CUresult cuModuleLoad(CUmodule* module, const char* path);
CUresult cuModuleLoadData(CUmodule* module, const void* image);
CUresult cuModuleGetFunction(CUfunction* function, CUmodule module, const char* name);
CUresult cuLaunchKernel(CUfunction function, unsigned int grid_x, unsigned int grid_y, unsigned int grid_z,
                        unsigned int block_x, unsigned int block_y, unsigned int block_z, unsigned int shared_bytes,
                        CUstream stream, void** parameters, void** extra);
CUresult cuGetErrorString(CUresult error, const char** text);
CUresult cuGetErrorName(CUresult error, const char** text);
}
