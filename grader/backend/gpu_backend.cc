#include "backend/gpu_backend.h"

namespace cudagrade {

GpuBackend::GpuBackend(const ProjectPaths& paths, CommandRunner& runner, GpuProbe probe)
    : probe_(std::move(probe)), toolchain_(paths, runner, probe_.usable ? probe_.arch : kDefaultArch, CUDAGRADE_NVCC) {}

Availability GpuBackend::availability() {
  if (!probe_.usable) return {false, "no usable GPU (" + probe_.reason + ")", ""};
  return {true, "", probe_.name};
}

}  // namespace cudagrade
