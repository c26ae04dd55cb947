#include "compile/nvcc_toolchain.h"

#include <fmt/format.h>

#include "core/files.h"
#include "model/lab.h"

namespace cudagrade {

NvccToolchain::NvccToolchain(ProjectPaths paths, CommandRunner& runner, std::string arch, std::string nvcc)
    : CachedToolchain(std::move(paths), runner, "nvcc"), arch_(std::move(arch)), nvcc_(std::move(nvcc)) {}

std::string NvccToolchain::describe() const {
  return fmt::format("nvcc, sm_{}", arch_);
}

std::vector<std::string> NvccToolchain::compiler() const {
  return {nvcc_, "-std=c++17", "-O3", "-arch=sm_" + arch_, "-lineinfo"};
}

BuildResult NvccToolchain::build(const BuildRequest& request) {
  const Lab& lab = *request.lab;
  const std::string grader = paths_.grader_dir().string();
  const std::string skeleton = paths_.skeleton_dir(lab.name()).string();
  std::vector<Step> objects;
  // The harness's two objects (the runner's main and the lab's entry), shared by every submission of a lab.
  objects.push_back(compile("harness", read_file(paths_.grader_dir() / "harness" / "runner_main.cu"), "runner_main.cu",
                            compiler(), {grader}));
  objects.push_back(compile("entry-" + lab.name(), read_file(paths_.grader_dir() / "labs" / lab.name() / "entry.cu"),
                            "entry.cu", compiler(), {grader, skeleton}));
  if (auto failure = harness_failure(objects)) return *failure;

  const bool student = request.provenance == BuildRequest::Provenance::kStudent;
  if (student) {
    if (auto refused = check_source(request)) return *refused;
  }
  objects.push_back(compile("submission", read_file(request.source), lab.submission_file(), compiler(), {skeleton}));
  const Step& submission = objects.back();
  if (auto failure = submission_failure(submission)) return *failure;
  BuildResult result;
  result.log = submission.log;
  result.cached = submission.entry.cached;
  if (student) {
    const SymbolCheck check = check_symbols(
        object_of(submission), {},
        {"__cudaPushCallConfiguration", "cudaLaunchKernel*", "__cudaLaunchKernel*", "cudaLaunchCooperativeKernel*"});
    if (check.outcome != BuildResult::Outcome::kBuilt) {
      result.outcome = check.outcome;
      result.summary = check.summary;
      return result;
    }
  }
  return link({nvcc_, "-arch=sm_" + arch_}, objects, request.libraries, result);
}

}  // namespace cudagrade
