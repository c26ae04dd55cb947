// Builds runners for the GPU: the harness (grader/harness/runner_main.cu and the lab's entry.cu) and the
// submission are compiled by nvcc into separate objects and linked, all through the build cache.
#pragma once

#include <string>

#include "compile/cached_toolchain.h"

namespace cudagrade {

class NvccToolchain : public CachedToolchain {
 public:
  // arch: a compute capability without the dot, e.g. "90".
  NvccToolchain(ProjectPaths paths, CommandRunner& runner, std::string arch, std::string nvcc);

  std::string describe() const override;
  BuildResult build(const BuildRequest& request) override;

 private:
  std::vector<std::string> compiler() const;

  std::string arch_;
  std::string nvcc_;
};

}  // namespace cudagrade
