// Builds runners for the CPU simulator: the submission is rewritten (sim/rewriter.h) and compiled by g++
// against cusim with -fsanitize=thread instrumentation (the hooks feed the shared-memory race checker,
// grader/cusim/runtime/race_checker.h); the harness, the lab's entry and the cusim runtime are compiled
// without it; all through the build cache, and linked with boost.context.
#pragma once

#include <filesystem>
#include <optional>
#include <string>

#include "compile/cached_toolchain.h"
#include "sim/debug_info.h"
#include "sim/host_calls.h"
#include "sim/device_names.h"
#include "sim/rewriter.h"

namespace cudagrade {

class SimToolchain : public CachedToolchain {
 public:
  SimToolchain(ProjectPaths paths, CommandRunner& runner, std::string compiler = "g++");

  std::string describe() const override;

 private:
  std::vector<std::string> compiler() const;
  std::vector<Step> compile_harness(const Lab& lab) override;
  std::variant<Step, BuildResult> compile_submission(const BuildRequest& request) override;
  std::vector<std::string> extra_allowed_symbols() const override;
  std::vector<std::string> launch_symbols() const override;
  std::pair<std::string, std::string> own_headers() const override;
  BuildResult link_runner(const std::vector<Step>& objects, const BuildRequest& request, BuildResult result) override;
  // nvcc's device and host passes as the runner runs them (sim/arch_passes.h), and, for a file that names one of
  // the C++ library's host functions (host_calls.h), the device pass again at -O0 for the checks across
  // execution spaces alone: g++ -O2 folds a std::swap of two registers into nothing, which leaves no call behind
  // to judge. Only such a file pays for the third compile (about 0.3 s of a 3 s self-check).
  struct Passes {
    Step device;
    Step host;
    std::optional<Step> unfolded_device;
  };
  Passes compile_passes(const RewriteResult& rewritten, const SourceScan& compiled, const BuildRequest& request);
  std::optional<BuildResult> unsupported_construct(const Step& failed, const Lab& lab) const;
  static std::optional<BuildResult> refused_runtime_call(const Step& failed);
  std::optional<BuildResult> refused_across_spaces(const Passes& passes, const DeviceNames& names,
                                                   const SourceScan& compiled, const Lab& lab);
  std::optional<BuildResult> host_variable_in_device_code(const Step& pass, const DeviceNames& names,
                                                          const SourceScan& compiled, const Lab& lab);
  using CallFinder = HostCallVerdict (*)(const DebugInfo&, const SourceScan&, const DeviceNames&, const std::string&);
  std::optional<BuildResult> call_across_spaces(const Step& pass, CallFinder find, const DeviceNames& names,
                                                const SourceScan& compiled, const Lab& lab);
  std::optional<DebugInfo> debug_info_of(const Step& pass);
  Step join_passes(const Step& device_pass, const Step& host_pass, const DeviceNames& names, const Lab& lab);
  CommandResult list_object(const std::filesystem::path& object);
  Step route_checked_calls(const Step& submission);

  std::string cxx_;
};

// The cusim runtime's sources, relative to grader/.
std::vector<std::string> cusim_runtime_sources();

// The link script that places the submission object's .data and .bss (and every section whose name begins
// with them) between the bounds the simulator's runtime watches as device memory
// (cusim/runtime/device_statics.h).
std::string device_statics_link_script(const std::filesystem::path& submission_object);

}  // namespace cudagrade
