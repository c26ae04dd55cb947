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
// Read-only data too: a kernel's relocation to a const or constexpr array or struct the file names (a section in
// .rodata larger than any scalar), which nvcc refuses just the same; a const scalar it takes.
// What it cannot see: a __device__ function that is not inlined into a kernel, a read g++ optimised away (of
// a variable of the file's own that nothing writes, or whose initialiser never returns, or an array element at
// an index g++ knows), and a const host aggregate of 16 bytes or less.
#pragma once

#include <string>

#include "compile/elf_listing.h"
#include "sim/device_names.h"
#include "sim/source_scan.h"

namespace cudagrade {

struct HostReadVerdict {
  enum class Outcome { kNone, kHostVariable } outcome = Outcome::kNone;
  std::string kernel;    // where, by name
  std::string variable;  // what, by name
};

// `compiled`: the text g++ compiled, where a read-only variable's name must be written to be judged.
HostReadVerdict find_host_read(const ElfListing& object, const DeviceNames& names, const SourceScan& compiled);

// The compile error for a kHostVariable verdict, as nvcc words it, with the fix.
std::string describe_host_read(const HostReadVerdict& verdict, const std::string& file_name);

}  // namespace cudagrade
