// Whether device code of a lab's file calls a host function of the file, which nvcc refuses ("calling a
// __host__ function("add") from a __global__ function("k") is not allowed"): nvcc compiles device code in a
// pass of its own, where a function without __device__ does not exist; g++ compiles one program, where every
// function is callable. Forgetting __device__ on a helper is a student's commonest slip, and without this check
// such a file passed in the simulator and did not build for a GPU, so its grade depended on whether a GPU was
// there.
//
// Read from the device pass object's DWARF (sim/debug_info.h): each call, inlined or not, from a kernel or from
// a __device__ function it reaches, through what the libraries define and the lambdas and compiler-made
// functions device code holds. A callee declared in the file is judged by its declaration's head
// (sim/function_heads.h); one the head does not decide for certain is let through, so that a correct file is
// never refused on a guess.
// The C++ library's functions are judged too, where the file's own code calls them: those nvcc 13.0 refuses in
// device code (std::swap, std::fill, std::sort, ...: not constexpr in C++17) are host functions
// (kLibraryHostFunctions in host_calls.cc). A file that names one has its device pass read at -O0 as well
// (sim/sim_toolchain.h), where a call g++ -O2 folds away is still a call.
// What it cannot see: a call g++ folded away, a call through a pointer, a lambda of host code called from a
// kernel, and the other libraries' host functions.
//
// The other direction as well: host code that calls a __device__ function, which nvcc refuses just the same
// ("calling a __device__ function("twice") from a __host__ function("reduce_sum") is not allowed"), read from
// the host pass object's DWARF: each call a host function of the file makes, inlined or not, to a __device__
// function of the file or to one of CUDA's device intrinsics the simulator defines (kDeviceIntrinsics in
// host_calls.cc, each checked with nvcc 13.0). Until 2026-11-29 such a file passed in the simulator.
#pragma once

#include <string>

#include "sim/debug_info.h"
#include "sim/device_names.h"
#include "sim/function_heads.h"
#include "sim/source_scan.h"

namespace cudagrade {

struct HostCallVerdict {
  enum class Outcome {
    kNone,
    kHostFunction,    // device code calls a host function
    kDeviceFunction,  // host code calls a __device__ function
  } outcome = Outcome::kNone;
  std::string caller;          // the file's function that makes the call, by name
  bool caller_is_kernel = false;
  std::string callee;          // the function called across, by name
  int call_line = 0;           // where the call is, when DWARF says; else 0
  // Where the callee is declared in the file; 0 for one of CUDA's intrinsics (kDeviceFunction) or of the C++
  // library's host functions (kHostFunction).
  int declaration_line = 0;
};

// `compiled`: the text g++ compiled, whose line 1 is `#line 1 "file_name"` (sim/rewriter.h), so that its line
// N + 1 is the file's line N.
HostCallVerdict find_host_call(const DebugInfo& info, const SourceScan& compiled, const DeviceNames& names,
                               const std::string& file_name);

// Whether the text names one of the C++ library's functions nvcc takes for host functions (std::swap,
// std::fill, ...), as a token anywhere: a std::swap of two registers leaves nothing in an optimised object, so
// such a file's device pass is also read unfolded, at -O0 (sim/sim_toolchain.h).
bool names_a_library_host_function(const SourceScan& compiled);

// `host_pass`'s host functions that call a __device__ function of the file or a device intrinsic.
HostCallVerdict find_device_call(const DebugInfo& host_pass, const SourceScan& compiled, const DeviceNames& names,
                                 const std::string& file_name);

// The compile error for a kHostFunction or kDeviceFunction verdict, as nvcc words it, with the fix.
std::string describe_host_call(const HostCallVerdict& verdict, const std::string& file_name);

}  // namespace cudagrade
