// <cuda_fp16.h> in the simulator. Boilerplate copied from NVIDIA's samples includes it in files that never use
// half precision, and nvcc builds those: so does the simulator. Half precision itself is not simulated: each public
// name of CUDA 13.0's header (its functions in tests/data/nvcc/device-functions-13.0.txt, and its types) is
// spelt as the rewriter's marker, so a file that uses one is `unsupported`, naming the construct, as a file that
// spells `__half` itself is (sim/rewriter.cc). A macro renames a student's own variable of the same name
// consistently, so `int half = n / 2;` still compiles.
#pragma once

#ifndef CUSIM_REDUCED_PRECISION_MARKER
#define CUSIM_REDUCED_PRECISION_MARKER cusim_unsupported___half
#endif
#include "cusim_reduced_precision_names.h"

#define __double2half cusim_unsupported___half
#define __float22half2_rn cusim_unsupported___half
#define __float2half cusim_unsupported___half
#define __float2half2_rn cusim_unsupported___half
#define __float2half_rd cusim_unsupported___half
#define __float2half_rn cusim_unsupported___half
#define __float2half_ru cusim_unsupported___half
#define __float2half_rz cusim_unsupported___half
#define __floats2half2_rn cusim_unsupported___half
#define __half cusim_unsupported___half
#define __half2 cusim_unsupported___half
#define __half22float2 cusim_unsupported___half
#define __half2_raw cusim_unsupported___half
#define __half2char_rz cusim_unsupported___half
#define __half2float cusim_unsupported___half
#define __half2half2 cusim_unsupported___half
#define __half2int_rd cusim_unsupported___half
#define __half2int_rn cusim_unsupported___half
#define __half2int_ru cusim_unsupported___half
#define __half2int_rz cusim_unsupported___half
#define __half2ll_rd cusim_unsupported___half
#define __half2ll_rn cusim_unsupported___half
#define __half2ll_ru cusim_unsupported___half
#define __half2ll_rz cusim_unsupported___half
#define __half2short_rd cusim_unsupported___half
#define __half2short_rn cusim_unsupported___half
#define __half2short_ru cusim_unsupported___half
#define __half2short_rz cusim_unsupported___half
#define __half2uchar_rz cusim_unsupported___half
#define __half2uint_rd cusim_unsupported___half
#define __half2uint_rn cusim_unsupported___half
#define __half2uint_ru cusim_unsupported___half
#define __half2uint_rz cusim_unsupported___half
#define __half2ull_rd cusim_unsupported___half
#define __half2ull_rn cusim_unsupported___half
#define __half2ull_ru cusim_unsupported___half
#define __half2ull_rz cusim_unsupported___half
#define __half2ushort_rd cusim_unsupported___half
#define __half2ushort_rn cusim_unsupported___half
#define __half2ushort_ru cusim_unsupported___half
#define __half2ushort_rz cusim_unsupported___half
#define __half_as_short cusim_unsupported___half
#define __half_as_ushort cusim_unsupported___half
#define __half_raw cusim_unsupported___half
#define __halves2half2 cusim_unsupported___half
#define __high2half cusim_unsupported___half
#define __high2half2 cusim_unsupported___half
#define __highs2half2 cusim_unsupported___half
#define __int2half_rd cusim_unsupported___half
#define __int2half_rn cusim_unsupported___half
#define __int2half_ru cusim_unsupported___half
#define __int2half_rz cusim_unsupported___half
#define __ll2half_rd cusim_unsupported___half
#define __ll2half_rn cusim_unsupported___half
#define __ll2half_ru cusim_unsupported___half
#define __ll2half_rz cusim_unsupported___half
#define __low2half cusim_unsupported___half
#define __low2half2 cusim_unsupported___half
#define __lows2half2 cusim_unsupported___half
#define __short2half_rd cusim_unsupported___half
#define __short2half_rn cusim_unsupported___half
#define __short2half_ru cusim_unsupported___half
#define __short2half_rz cusim_unsupported___half
#define __short_as_half cusim_unsupported___half
#define __uint2half_rd cusim_unsupported___half
#define __uint2half_rn cusim_unsupported___half
#define __uint2half_ru cusim_unsupported___half
#define __uint2half_rz cusim_unsupported___half
#define __ull2half_rd cusim_unsupported___half
#define __ull2half_rn cusim_unsupported___half
#define __ull2half_ru cusim_unsupported___half
#define __ull2half_rz cusim_unsupported___half
#define __ushort2half_rd cusim_unsupported___half
#define __ushort2half_rn cusim_unsupported___half
#define __ushort2half_ru cusim_unsupported___half
#define __ushort2half_rz cusim_unsupported___half
#define __ushort_as_half cusim_unsupported___half
#define half cusim_unsupported___half
#define half2 cusim_unsupported___half
#define make_half2 cusim_unsupported___half
#define nv_half cusim_unsupported___half
#define nv_half2 cusim_unsupported___half
