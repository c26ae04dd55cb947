#include "compile/nvcc_toolchain.h"

#include <fmt/format.h>

#include "compile/source_policy.h"
#include "core/files.h"
#include "model/lab.h"

namespace cudagrade {

NvccToolchain::NvccToolchain(ProjectPaths paths, CommandRunner& runner, std::string arch, std::string nvcc)
    : CachedToolchain(std::move(paths), runner, "nvcc"), arch_(std::move(arch)), nvcc_(std::move(nvcc)) {}

std::string NvccToolchain::describe() const {
  return fmt::format("nvcc, sm_{}", arch_);
}

// --expt-relaxed-constexpr: device code may call constexpr host functions (std::min, std::max,
// std::numeric_limits<T>::max(), a file's own constexpr helper), as the simulator's g++ always could; without it
// a file that did passed in the simulator and did not build for a GPU.
std::vector<std::string> NvccToolchain::compiler() const {
  return {nvcc_, "-std=c++17", "-O3", "-arch=sm_" + arch_, "-lineinfo", "--expt-relaxed-constexpr"};
}

// The harness's two objects (the runner's main and the lab's entry), shared by every submission of a lab.
std::vector<CachedToolchain::Step> NvccToolchain::compile_harness(const Lab& lab) {
  const std::string grader = paths_.grader_dir().string();
  const std::string skeleton = paths_.skeleton_dir(lab.name()).string();
  return compile_in_parallel({
      [=, this] {
        return compile("harness", read_file(paths_.grader_dir() / "harness" / "runner_main.cu"), "runner_main.cu",
                       compiler(), {grader});
      },
      [=, this, &lab] {
        return compile("entry-" + lab.name(), lab.entry_source(paths_.grader_dir()),
                       "entry.cu", compiler(), {grader, skeleton});
      },
  });
}

std::variant<CachedToolchain::Step, BuildResult> NvccToolchain::compile_submission(const BuildRequest& request) {
  const Lab& lab = *request.lab;
  return compile("submission", with_plain_line_ends(read_file(request.source)), lab.submission_file(), compiler(),
                 {paths_.skeleton_dir(lab.name()).string()}, sandbox_for(request));
}

std::vector<std::string> NvccToolchain::extra_allowed_symbols() const {
  return {};
}

std::vector<std::string> NvccToolchain::launch_symbols() const {
  return {"__cudaPushCallConfiguration", "cudaLaunchKernel*", "__cudaLaunchKernel*", "cudaLaunchCooperativeKernel*"};
}

// nvcc hands -H and -v to the host compiler's preprocessor, which opens every header the file includes.
std::vector<std::string> NvccToolchain::include_trace_flags() const {
  return {"-Xcompiler", "-H,-v"};
}

// -Wundef goes to the host compiler's preprocessor too; nvcc's own -include comes after its cuda_runtime.h,
// before the file.
std::vector<std::string> NvccToolchain::feature_query_flags(const std::string& trap) const {
  return {"-Xcompiler", "-Wundef", "-include", trap};
}

namespace {
// Every entry harness/runner_main.cu defines a __wrap_ for.
constexpr const char* kRuntimeWraps =
    "--wrap=cudaMemcpy,--wrap=cudaMemcpyAsync,--wrap=cudaMemcpy2D,--wrap=cudaMemcpy2DAsync,"
    "--wrap=cudaMemcpyToSymbol,--wrap=cudaMemcpyToSymbolAsync,--wrap=cudaMemcpyFromSymbol,"
    "--wrap=cudaMemcpyFromSymbolAsync,--wrap=cudaMemset,--wrap=cudaMemsetAsync,--wrap=cudaMemset2D,"
    "--wrap=cudaMemset2DAsync,--wrap=__cudaLaunchKernel,"
    "--wrap=__cudaLaunchKernel_ptsz,--wrap=cudaLaunchKernel";
}  // namespace

BuildResult NvccToolchain::link_runner(const std::vector<Step>& objects, const BuildRequest& request,
                                       BuildResult result) {
  // Full RELRO and immediate binding, as the simulator's runners: every call resolved before main and the
  // tables read-only afterwards, so no code of the file can redirect the harness's calls (#14 item 3).
  // The runtime's copies and launches wrapped: the harness sees the file's copies into its outputs, and counts
  // its launches and copies for the grader to hold against the simulator's (runner_main.cu, #33).
  return link({nvcc_, "-arch=sm_" + arch_, "-Xlinker", "-z,relro,-z,now", "-Xlinker", kRuntimeWraps}, objects,
              request.libraries, std::move(result), sandbox_for(request));
}

}  // namespace cudagrade
