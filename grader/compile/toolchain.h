// Turns one .cu file (a student's, a reference, a baseline) into a runner executable for a lab. The GPU
// backend builds with nvcc; the CPU simulator builds the same file with a host compiler
// (sim/sim_toolchain.h).
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "core/confinement.h"

namespace cudagrade {

class Lab;

struct BuildRequest {
  // A student's file is checked against the symbol policy (build/symbol_policy.h); the course's own
  // references and baselines are not (cuBLAS is the point of a baseline).
  enum class Provenance { kStudent, kTrusted };

  const Lab* lab = nullptr;
  std::filesystem::path source;
  std::vector<std::string> libraries;  // extra linker flags, for trusted baselines only
  Provenance provenance = Provenance::kStudent;
  // The sandbox a student's compile and link run in (core/confinement.h); the course's own files are built
  // as they are.
  Confinement::Level confinement = Confinement::Level::kNone;
};

struct BuildResult {
  enum class Outcome { kBuilt, kCompileError, kRejected, kUnsupported, kInfraError } outcome = Outcome::kInfraError;
  std::filesystem::path runner;
  std::string log;      // the compiler's own words
  std::string summary;  // one line for the report
  bool cached = false;
};

class Toolchain {
 public:
  virtual ~Toolchain() = default;
  virtual std::string describe() const = 0;
  virtual BuildResult build(const BuildRequest& request) = 0;
};

}  // namespace cudagrade
