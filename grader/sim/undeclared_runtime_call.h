// A CUDA runtime call the simulator does not declare, and the symbol policy refuses on both backends
// (cudaMallocPitch, cudaHostAlloc, cudaGraphLaunch: 255 of the 310 host functions CUDA 13.0 declares; the
// simulator declares 54). nvcc compiles a file that calls one, and the object check then refuses it by name;
// g++ stops at "was not declared". A failed compile whose every error is such a name is judged as the object
// check judges it, so that the verdict does not depend on whether a GPU was there.
#pragma once

#include <optional>
#include <string>

namespace cudagrade {

struct RefusedRuntimeCall {
  std::string name;    // cudaMallocPitch
  std::string reason;  // the symbol policy's, for the student
};

// nullopt when some error of `log` (g++'s) is anything else: a misspelt name, a real compile error, or a
// runtime call the policy allows (which the simulator must then implement).
std::optional<RefusedRuntimeCall> refused_runtime_call_in_log(const std::string& log);

}  // namespace cudagrade
