// The GPU backend: runners built by nvcc for the device that is here (sm_90 when there is none, so that
// compile errors are still found on a machine without a GPU).
#pragma once

#include <optional>

#include "backend/backend.h"
#include "backend/gpu_probe.h"
#include "compile/nvcc_toolchain.h"

namespace cudagrade {

inline constexpr const char* kDefaultArch = "90";

class GpuBackend : public Backend {
 public:
  GpuBackend(const ProjectPaths& paths, CommandRunner& runner, GpuProbe probe);

  std::string name() const override { return "gpu"; }
  Availability availability() override;
  Toolchain& toolchain() override { return toolchain_; }
  bool can_time() const override { return true; }
  DeviceProfile device_profile() const override { return probe_.profile; }

 private:
  GpuProbe probe_;
  NvccToolchain toolchain_;
};

}  // namespace cudagrade
