// The CPU simulator backend (issue #3): the same .cu file, rewritten and compiled by g++ against cusim, run
// by the same protocol; correctness only, with shared-memory races, divergent barriers and unsupported
// constructs reported as statuses of their own.
#pragma once

#include "backend/backend.h"
#include "sim/sim_toolchain.h"

namespace cudagrade {

class SimBackend : public Backend {
 public:
  // `device`: what the simulator tells a program it is; the GPU of the grade when it runs beside one.
  SimBackend(const ProjectPaths& paths, CommandRunner& runner, DeviceProfile device = {});

  std::string name() const override { return "sim"; }
  Availability availability() override;
  Toolchain& toolchain() override { return toolchain_; }
  bool can_time() const override { return false; }
  bool simulated() const override { return true; }
  DeviceProfile device_profile() const override { return device_; }

 private:
  CommandRunner& runner_;
  SimToolchain toolchain_;
  std::optional<Availability> availability_;
  DeviceProfile device_;
};

}  // namespace cudagrade
