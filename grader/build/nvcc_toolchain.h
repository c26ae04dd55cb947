// Builds runners for the GPU: the harness (grader/runner/runner_main.cu and the lab's entry.cu) and the
// submission are compiled by nvcc into separate objects and linked, all through the build cache.
#pragma once

#include <memory>
#include <optional>
#include <vector>

#include "build/build_cache.h"
#include "build/command_runner.h"
#include "build/toolchain.h"
#include "core/paths.h"

namespace cudagrade {

inline constexpr std::chrono::seconds kCompileTimeout{180};

class NvccToolchain : public Toolchain {
 public:
  // arch: a compute capability without the dot, e.g. "90".
  NvccToolchain(ProjectPaths paths, CommandRunner& runner, std::string arch, std::string nvcc);

  std::string describe() const override;
  BuildResult build(const BuildRequest& request) override;

 private:
  struct Step {
    BuildCache::Entry entry;
    std::string log;
    bool timed_out = false;  // not cached: it may have been the machine; reported: it is most likely the file
  };
  // Compiles one source into dir/<object>, unless the cache has it.
  Step compile(const std::string& label, const std::filesystem::path& source, const std::string& staged_name,
               const std::vector<std::string>& include_dirs);
  struct SymbolCheck {
    BuildResult::Outcome outcome;  // kBuilt when the symbols pass
    std::string summary;
  };
  SymbolCheck check_symbols(const std::filesystem::path& object);
  // The stages of build(); each returns the finished result when the build stops there.
  std::optional<BuildResult> build_harness(const Lab& lab, std::vector<Step>& objects);
  std::optional<BuildResult> check_source(const BuildRequest& request);
  static std::optional<BuildResult> submission_failure(const Step& submission);
  BuildResult link(const BuildRequest& request, const std::vector<Step>& objects, BuildResult result);
  std::string version();
  static std::string headers_fingerprint(const std::vector<std::string>& include_dirs);

  ProjectPaths paths_;
  CommandRunner& runner_;
  std::string arch_;
  std::string nvcc_;
  std::string version_;
  BuildCache cache_;
};

// The first compiler error line of a log, for the one-line summary.
std::string first_error_line(const std::string& log);

}  // namespace cudagrade
