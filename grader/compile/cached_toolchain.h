// What every toolchain shares: compiling sources and linking runners through the content-addressed build
// cache, the source and symbol policies a student's file is held to, and the outcomes a failed step means.
// NvccToolchain (the GPU) and SimToolchain (the CPU simulator) differ only in the commands they run: the
// sequence of a build is here, once (build()), and each toolchain fills in its steps.
#pragma once

#include <chrono>
#include <mutex>
#include <functional>
#include <optional>
#include <set>
#include <string>
#include <variant>
#include <vector>

#include "compile/build_cache.h"
#include "compile/object_check.h"
#include "core/command_runner.h"
#include "compile/toolchain.h"
#include "core/paths.h"

namespace cudagrade {

inline constexpr std::chrono::seconds kCompileTimeout{180};
// What one step of a student's build may leave in the cache, object or runner: an honest lab file makes a
// few hundred KiB, and an initialised array of gigabytes would otherwise be kept for every upload.
inline constexpr uint64_t kLargestStudentOutputBytes = uint64_t{64} << 20;

class CachedToolchain : public Toolchain {
 public:
  // The harness's objects, the source policy (a student's file only), the submission's object, the symbol
  // policy (a student's file only), the link: the first step that fails decides the result.
  BuildResult build(const BuildRequest& request) final;

 protected:
  CachedToolchain(ProjectPaths paths, CommandRunner& runner, const std::string& cache_name);

  struct Step {
    BuildCache::Entry entry;
    std::string log;
    bool timed_out = false;  // not cached: it may have been the machine; reported: it is most likely the file
    std::string refusal;     // a student's file refused on its preprocessed form (preprocessed_policy.h)
  };
  // The flags that make this toolchain's preprocessor list each header it opens and the folders it searched.
  virtual std::vector<std::string> include_trace_flags() const { return {"-H", "-v"}; }
  // The flags that make it include `trap` (preprocessed_policy.h's feature_query_trap) before the file and
  // report each undefined name in a directive (-Wundef).
  virtual std::vector<std::string> feature_query_flags(const std::string& trap) const {
    return {"-Wundef", "-include", trap};
  }
  // How a compiler's messages name this toolchain's own headers, instead of their absolute path on the
  // grader's machine: {path prefix, name}. None by default.
  virtual std::pair<std::string, std::string> own_headers() const { return {}; }
  // Compiles `contents` (staged as staged_name in the entry's folder, so messages name the file as the student
  // does) with `compiler_command` plus -I for each include folder, unless the cache has it; in `sandbox` when
  // there is one, seeing the include folders and the entry's folder besides the system's.
  Step compile(const std::string& label, const std::string& contents, const std::string& staged_name,
               const std::vector<std::string>& compiler_command, const std::vector<std::string>& include_dirs,
               const std::optional<Confinement>& sandbox = std::nullopt);
  // A step of a toolchain's own between compile and link, cached as they are: `make` leaves the step's object
  // (object_of) in the folder it is given and returns its outcome and log.
  using MakeStep = std::function<std::pair<BuildCache::MakeOutcome, std::string>(const std::filesystem::path& dir)>;
  Step cached_step(const std::string& label, const std::string& inputs, const MakeStep& make);
  // The compiles at once, on all cores, their steps in the order given: a cold cache's harness is a dozen
  // independent objects.
  static std::vector<Step> compile_in_parallel(const std::vector<std::function<Step()>>& compiles);
  // Links the objects with `linker_command` (the libraries are appended after the output), in `sandbox` when
  // there is one, seeing the objects' folders. A `link_script` is staged in the link's own folder and added
  // to the linker's default script (-T; it should end with an INSERT).
  BuildResult link(const std::vector<std::string>& linker_command, const std::vector<Step>& objects,
                   const std::vector<std::string>& libraries, BuildResult result,
                   const std::optional<Confinement>& sandbox = std::nullopt, const std::string& link_script = "");
  // A student's file is compiled and linked in the request's sandbox, which hides the course (its test
  // cases, its submissions) and the build cache but for the step's own folder; nullopt for the course's files.
  std::optional<Confinement> sandbox_for(const BuildRequest& request) const;
  std::optional<BuildResult> check_source(const BuildRequest& request);
  // A student's file over the one size cap both backends share (source_policy.h's kLargestSourceBytes).
  static std::optional<BuildResult> too_large(const BuildRequest& request);

  // The steps each toolchain fills in. compile_submission returns a result instead of a step when this
  // toolchain cannot build the file at all (the simulator and a library baseline, say).
  virtual std::vector<Step> compile_harness(const Lab& lab) = 0;
  virtual std::variant<Step, BuildResult> compile_submission(const BuildRequest& request) = 0;
  // What the symbol policy allows beyond the list every backend shares, and what a launch compiles to.
  virtual std::vector<std::string> extra_allowed_symbols() const = 0;
  virtual std::vector<std::string> launch_symbols() const = 0;
  virtual BuildResult link_runner(const std::vector<Step>& objects, const BuildRequest& request,
                                  BuildResult result) = 0;
  // The result when a harness object failed to build: the grader's fault.
  static std::optional<BuildResult> harness_failure(const std::vector<Step>& objects);
  static std::optional<BuildResult> submission_failure(const Step& submission);
  std::string version_of(const std::string& compiler);
  static std::string headers_fingerprint(const std::vector<std::string>& include_dirs);
  static std::filesystem::path object_of(const Step& step);
  static std::filesystem::path object_in(const std::filesystem::path& step_dir);

  struct Screening {
    BuildCache::MakeOutcome outcome;
    std::string log;
    bool timed_out;
  };
  Screening screen_preprocessed(const std::vector<std::string>& preprocess, const std::filesystem::path& dir,
                                const std::filesystem::path& source, const std::string& file_name,
                                const Confinement& sandbox);
  static Screening preprocessor_timed_out();

  ProjectPaths paths_;
  CommandRunner& runner_;
  BuildCache cache_;
  ObjectCheck object_check_;

 private:
  std::mutex version_mutex_;  // builds of a batch run on several threads
  std::string version_, versioned_compiler_;
};

// The first compiler error line of a log, for the one-line summary.
std::string first_error_line(const std::string& log);

}  // namespace cudagrade
