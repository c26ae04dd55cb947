// The CPU simulator backend (issue #3): the same .cu file, rewritten and compiled by g++ against cusim, run
// by the same protocol; correctness only, with shared-memory races, divergent barriers and unsupported
// constructs reported as statuses of their own.
#pragma once

#include "backend/backend.h"
#include "sim/sim_toolchain.h"

namespace cudagrade {

class SimBackend : public Backend {
 public:
  SimBackend(const ProjectPaths& paths, CommandRunner& runner);

  std::string name() const override { return "sim"; }
  Availability availability() override;
  Toolchain& toolchain() override { return toolchain_; }
  bool can_time() const override { return false; }
  bool simulated() const override { return true; }

 private:
  CommandRunner& runner_;
  SimToolchain toolchain_;
  std::optional<Availability> availability_;
};

}  // namespace cudagrade
