// What a lab's .cu file declares for the device, read from its source for the simulator's check that device
// code reads no host variable (sim/host_reads.h): nvcc compiles device code in a pass of its own, where a
// host variable is "undefined in device code"; g++ compiles one program, where every variable is visible.
#pragma once

#include <set>
#include <string>
#include <vector>

#include "sim/source_scan.h"

namespace cudagrade {

struct DeviceNames {
  std::set<std::string> kernels;  // every __global__ function's name
  // Every identifier of a __device__, __constant__ or __managed__ declaration that is not a function's: more
  // than the variables' names (a type's, an initialiser's), never fewer, so that no device variable is taken
  // for a host one.
  std::set<std::string> device_variables;
};

struct KernelDeclaration {
  size_t keyword;   // where its __global__ is
  size_t head_end;  // its body's '{', or the ';' of a declaration without one
  std::string name;
  bool has_body;
};

// Every __global__ declaration outside preprocessor directives, in order.
std::vector<KernelDeclaration> kernel_declarations(const SourceScan& scan);

// Where `kernel`'s parameter list opens, its '('; npos when its head has none.
size_t parameter_list_open(const SourceScan& scan, const KernelDeclaration& kernel);

// `kernels`: kernel_declarations(scan), when the caller has them already (the rewriter marks their entries).
DeviceNames device_names(const SourceScan& scan, const std::vector<KernelDeclaration>& kernels);
DeviceNames device_names(const SourceScan& scan);

// A function's head and its body's '{'.
struct FunctionBody {
  size_t head_begin;  // after the ';', '{' or '}' before the declaration, or the text's start
  size_t open;        // the body's '{'
};

// Every body of a function, or of a lambda, whose head says __device__ and not __host__ (a __global__ function's
// are kernel_declarations'): code that nvcc compiles for the device alone, never in its host pass. A head spelled
// through the file's macros is not seen.
std::vector<FunctionBody> device_only_bodies(const SourceScan& scan);

// The kernel's name in a __global__ declaration that starts at `from` and whose body or ';' is at `end`: the
// identifier before its parameter list, past __launch_bounds__(...) and the like.
std::string kernel_name(const SourceScan& scan, size_t from, size_t end);

}  // namespace cudagrade
