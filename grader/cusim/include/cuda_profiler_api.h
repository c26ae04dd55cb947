// <cuda_profiler_api.h> in the simulator. Benchmarking code includes it to mark the region Nsight profiles;
// nvcc builds such a file, and so does the simulator (before 2026-11-29 it opened CUDA's own header, outside
// the simulator's folders, and the file was rejected). Starting or stopping the profiler is the grader's
// business, not a lab's: the symbol policy refuses both calls by name, on a GPU and here alike.
#pragma once

#include "cusim.h"

cudaError_t cudaProfilerStart();
cudaError_t cudaProfilerStop();
