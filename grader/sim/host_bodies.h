// Where a student's file has the bodies of host functions (__host__ __device__ ones among them), for the
// rewriter's __CUDA_ARCH__ (rewriter.h). nvcc compiles a file twice and defines __CUDA_ARCH__ in its device
// pass only; g++ compiles it once. The nearest single pass: __CUDA_ARCH__ is defined from the file's start
// and undefined inside these bodies, so `#if __CUDA_ARCH__ >= 800` in a kernel, or at file scope around device
// code (NVIDIA's reduce7), takes the device branch, and a host function's `#ifndef __CUDA_ARCH__` takes the
// host one. The simulator runs __host__ __device__ functions from host code too, so they take the host view.
//
// A body is a '{' after a ')' (past a member function's qualifiers and a trailing return type) that closes no
// condition, outside a macro; its declaration is read back to the statement before it. The reads are linear
// on a hostile file: parentheses are matched once, and no read goes past a directive line or 16 KiB.
#pragma once

#include <cstddef>
#include <vector>

#include "sim/source_scan.h"

namespace cudagrade {

struct HostBody {
  size_t open, close;  // the body's braces
};

std::vector<HostBody> host_bodies(const SourceScan& scan);

}  // namespace cudagrade
