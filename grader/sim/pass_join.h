// Joining the simulator's two objects of a file compiled in both of nvcc's passes (sim/arch_passes.h) into the
// one object a runner links, as nvcc's own passes end up: a launch runs the device pass's kernel, a kernel calls
// the device pass's functions (a __host__ __device__ one in its device view), host code runs the host pass's
// functions, and both see one copy of each device variable.
//
// Read from the two objects' symbol tables and relocations (compile/elf_listing.h):
//   - the device pass keeps the names of its kernels, of the variables its kernels reach (following
//     relocations from a kernel's code through the functions and variables it refers to) and of what the
//     libraries define (std::, cusim::); every other definition of its own is renamed, so that nothing of the
//     host pass binds to it and nothing of its own binds to the host pass;
//   - the host pass's definitions of what the device pass keeps are made weak, so that the device pass's take
//     their place (its kernels are weak already: cusim.h), and the device pass's object comes first in the
//     join, so that its copy of a template or inline definition is the one kept;
//   - the device pass's startup code (.init_array) is dropped: nvcc's device pass builds no host code, so the
//     initialiser of a global that only the device pass declares never runs on a GPU.
// A kernel that only the host pass defines (launched from code that tests __CUDA_ARCH__) has no device code
// under nvcc, whose launch then fails: the simulator refuses it when it builds.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "compile/elf_listing.h"
#include "sim/device_names.h"

namespace cudagrade {

struct PassJoinPlan {
  enum class Outcome { kJoinable, kKernelOnlyInHostPass } outcome = Outcome::kJoinable;
  std::vector<std::string> device_pass_renamed;  // each becomes its name + kDevicePassSuffix
  std::vector<std::string> host_pass_weakened;
  std::string kernel;  // kKernelOnlyInHostPass: its symbol
};

// A suffix no C++ identifier can hold, as GCC's clones (".isra.0") have: demanglers still name the function.
inline constexpr std::string_view kDevicePassSuffix = ".cusim_device_pass";

PassJoinPlan plan_pass_join(const ElfListing& device_pass, const ElfListing& host_pass, const DeviceNames& names);

// Whether a mangled name is a library's (std::, __gnu_cxx::, cusim::), whose definitions are the same in
// both passes, so that either pass's copy serves.
bool library_symbol(std::string_view name);

// The compile error's text for kKernelOnlyInHostPass (the build says "compile error: " before it), with the fix.
std::string describe_kernel_only_in_host_pass(const PassJoinPlan& plan, const std::string& file_name);

}  // namespace cudagrade
