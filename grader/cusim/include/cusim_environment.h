// What a file finds defined before its first line under nvcc 13.0, for the CPU simulator (cusim.h includes
// this first): nvcc's predefined macros and the C and C++ headers nvcc's own cuda_runtime.h brings in, pass by
// pass. Together with cusim_nvcc_macros.h it gives a file exactly nvcc's macro names (issue #33: a file that
// tested one the simulator lacked, or had alone, ran other code there than on a GPU).
#pragma once

// What nvcc predefines in both of its passes, for the one architecture the labs build for, before any header
// (glibc's read __CUDACC__, as they do under nvcc). __CUDA_ARCH__ is the device pass's alone, with
// CUDA_DOUBLE_MATH_FUNCTIONS: the compiler's command line defines them there (sim/rewriter.h's pass_defines).
#define __CUDACC__ 1
#define __NVCC__ 1
#define __CUDACC_VER_MAJOR__ 13
#define __CUDACC_VER_MINOR__ 0
#define __CUDACC_VER_BUILD__ 88
#define __CUDA_API_VER_MAJOR__ 13
#define __CUDA_API_VER_MINOR__ 0
#define __CUDA_ARCH_LIST__ 900
#define __NVCC_DIAG_PRAGMA_SUPPORT__ 1
#define __CUDACC_DEVICE_ATOMIC_BUILTINS__ 1

// The C and C++ headers nvcc's own cuda_runtime.h brings in, pass by pass, and no others, so that a file finds
// the same macros defined here as under nvcc; cusim_nvcc_macros.h, at the end, adds CUDA's own (tests/data/nvcc/
// holds nvcc 13.0's, simulator_table_test.cc the two together). So cusim's fixed-width integers are the
// compiler's builtin types, not <cstdint>'s, and a launch keeps its arguments without <tuple>.
#include <ctype.h>
#include <limits.h>
#include <math.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <cmath>
#include <cstdlib>
#include <limits>
#include <type_traits>
#include <utility>

#ifdef __CUDA_ARCH__
#include <assert.h>
#include <stdio.h>

#include <new>
#else
// nvcc's host pass has neither header, and does not look up names in a kernel's body, which never runs on the
// host; here a kernel's host view is compiled like any code, so what kernels call from them is declared.
extern "C" int printf(const char* format, ...);
inline void assert(bool) {}
#endif
