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

 private:
  std::vector<Step> compile_harness(const Lab& lab) override;
  std::variant<Step, BuildResult> compile_submission(const BuildRequest& request) override;
  std::vector<std::string> extra_allowed_symbols() const override;
  std::vector<std::string> launch_symbols() const override;
  BuildResult link_runner(const std::vector<Step>& objects, const BuildRequest& request, BuildResult result) override;
  std::vector<std::string> include_trace_flags() const override;
  std::vector<std::string> feature_query_flags(const std::string& trap) const override;

  std::vector<std::string> compiler() const;

  std::string arch_;
  std::string nvcc_;
};

}  // namespace cudagrade
