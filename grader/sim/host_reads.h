// Whether the simulator's object of a lab's file has a kernel that reads a host variable, which nvcc refuses
// ("identifier ... is undefined in device code"): nvcc compiles device code in a pass of its own, g++ one program
// where every variable is visible. Without this check a file that reads a global `int n` in its kernel passed
// in the simulator and did not build for the GPU, so its grade depended on whether a GPU was there.
//
// Read from the object's relocations (compile/elf_listing.h): the student's file is compiled with
// -ffunction-sections and -fdata-sections, so each function's code and each variable is a section named after
// its symbol, and __global__ is noinline (cusim.h), so a kernel's code stays in its own section. A kernel's
// relocation to writable data the file defines, that is not one of the file's device variables
// (sim/device_names.h) nor static storage of a function, is a host variable read in device code.
// What it cannot see: a __device__ function that is not inlined into a kernel, a read g++ optimised away (of
// a variable of the file's own that nothing writes, or whose initialiser never returns), and a const host
// variable (nvcc takes an integral one with a constant initialiser; g++ folds most others).
#pragma once

#include <string>

#include "compile/elf_listing.h"
#include "sim/device_names.h"

namespace cudagrade {

struct HostReadVerdict {
  enum class Outcome { kNone, kHostVariable } outcome = Outcome::kNone;
  std::string kernel;    // where, by name
  std::string variable;  // what, by name
};

HostReadVerdict find_host_read(const ElfListing& object, const DeviceNames& names);

// The compile error for a kHostVariable verdict, as nvcc words it, with the fix.
std::string describe_host_read(const HostReadVerdict& verdict, const std::string& file_name);

}  // namespace cudagrade
