#include "compile/cached_toolchain.h"

#include <fmt/format.h>

#include <algorithm>
#include <fstream>
#include <future>
#include <sstream>
#include <tuple>

#include "compile/preprocessed_policy.h"
#include "compile/source_policy.h"
#include "core/parallel.h"
#include "model/lab.h"

namespace cudagrade {
namespace {

constexpr const char* kObject = "object.o";
constexpr const char* kLinkScript = "link.ld";
constexpr const char* kRunner = "runner";
constexpr const char* kLog = "log.txt";
constexpr const char* kPreprocessed = "preprocessed.ii";
// Written in a student's compile entry when the preprocessed policy refused the file: the refusal, cached.
constexpr const char* kRefusal = "refused.txt";

void save_log(const std::filesystem::path& dir, const std::string& log) {
  std::ofstream(dir / kLog) << log;
}

std::string load_log(const std::filesystem::path& dir) {
  std::error_code error;
  return std::filesystem::exists(dir / kLog, error) ? read_file(dir / kLog) : std::string();
}

// Only a compiler that ran and said no has judged the file. One killed by a signal (the OOM killer, say),
// timed out or never started has not, and that must not be cached as the student's compile error.
BuildCache::MakeOutcome judge(const CommandResult& result) {
  if (result.outcome == CommandResult::Outcome::kSucceeded) return BuildCache::MakeOutcome::kSucceeded;
  if (result.outcome == CommandResult::Outcome::kFailed && result.status.kind == ExitStatus::Kind::kExited) {
    return BuildCache::MakeOutcome::kFailed;
  }
  return BuildCache::MakeOutcome::kNotJudged;
}

// A student's step whose output is over the cap fails like a compile error, and only the log is kept.
BuildCache::MakeOutcome within_cap(BuildCache::MakeOutcome outcome, const std::filesystem::path& output,
                                   const char* what, const std::optional<Confinement>& sandbox, std::string& log) {
  std::error_code error;
  const uintmax_t bytes = std::filesystem::file_size(output, error);
  if (!sandbox || outcome != BuildCache::MakeOutcome::kSucceeded || error || bytes <= kLargestStudentOutputBytes) {
    return outcome;
  }
  std::filesystem::remove(output, error);
  log = fmt::format("error: {} is {:.0f} MiB; a student's build may produce at most {} MiB (a lab's kernel makes a "
                    "few hundred KiB: look for a huge initialised array)\n",
                    what, static_cast<double>(bytes) / (1 << 20),
                    kLargestStudentOutputBytes >> 20) + log;
  return BuildCache::MakeOutcome::kFailed;
}

}  // namespace

std::string first_error_line(const std::string& log) {
  std::istringstream lines(log);
  std::string line;
  while (std::getline(lines, line)) {
    if (line.find("error") != std::string::npos) return line;
  }
  return log.substr(0, log.find('\n'));
}

CachedToolchain::CachedToolchain(ProjectPaths paths, CommandRunner& runner, const std::string& cache_name)
    : paths_(std::move(paths)), runner_(runner), cache_(paths_.cache / cache_name), object_check_(runner) {}

std::filesystem::path CachedToolchain::object_of(const Step& step) { return object_in(step.entry.dir); }
std::filesystem::path CachedToolchain::object_in(const std::filesystem::path& step_dir) { return step_dir / kObject; }

// The contents of every header in the include folders, so that an edit to the protocol, the harness's entry
// declaration or a lab's interface rebuilds what depends on it.
std::string CachedToolchain::headers_fingerprint(const std::vector<std::string>& include_dirs) {
  std::string fingerprint;
  for (const std::string& dir : include_dirs) {
    std::vector<std::filesystem::path> headers;
    for (const auto& entry : std::filesystem::recursive_directory_iterator(dir)) {
      const auto extension = entry.path().extension();
      if (entry.is_regular_file() && (extension == ".h" || extension == ".cuh")) headers.push_back(entry.path());
    }
    std::sort(headers.begin(), headers.end());
    for (const auto& header : headers)
      fingerprint += fmt::format("{:016x} {}\n", fnv1a(read_file(header)), header.string());
  }
  return fingerprint;
}

std::string CachedToolchain::version_of(const std::string& compiler) {
  std::lock_guard<std::mutex> lock(version_mutex_);
  if (versioned_compiler_ != compiler) {
    CommandResult result = runner_.run({compiler, "--version"}, std::chrono::seconds(30));
    version_ = result.outcome == CommandResult::Outcome::kSucceeded ? result.output : std::string();
    versioned_compiler_ = compiler;
  }
  return version_;
}

CachedToolchain::Step CachedToolchain::compile(const std::string& label, const std::string& contents,
                                               const std::string& staged_name,
                                               const std::vector<std::string>& compiler_command,
                                               const std::vector<std::string>& include_dirs,
                                               const std::optional<Confinement>& sandbox) {
  std::vector<std::string> command = compiler_command;
  for (const std::string& dir : include_dirs) command.push_back("-I" + dir);
  command.insert(command.end(), {"-c", staged_name, "-o", kObject});
  // A student's compile is screened first (screen_preprocessed) and the verdict is cached with it: the tag
  // names the screening's version, so a compile cached before a change to it is not reused.
  const std::string inputs = fmt::format(
      "{}\n{}\n{}\n{}{}\n", version_of(compiler_command.front()), fmt::join(command, " "),
      headers_fingerprint(include_dirs),
      sandbox ? "screened v8: include trace by real paths; depth 0 for asm, no_sanitize, the simulator's names "
                "(enter_kernel_reading); feature queries\n"
              : "",
      contents);

  std::string log;
  bool timed_out = false;
  BuildCache::Entry entry = cache_.get_or_build(label, inputs, [&](const std::filesystem::path& dir) {
    std::ofstream(dir / staged_name, std::ios::binary) << contents;
    std::vector<std::string> in_dir = command;
    in_dir[in_dir.size() - 3] = (dir / staged_name).string();
    in_dir.back() = (dir / kObject).string();
    std::optional<Confinement> step = sandbox;
    if (step) {
      // Named as the student names it, from the entry's folder (compile_command runs there): __FILE__ and
      // __BASE_FILE__ are then "matmul.cu" under nvcc and in both of the simulator's passes, where the entry's
      // path (.../nvcc/submission-<hash>/) told the backends apart.
      in_dir[in_dir.size() - 3] = staged_name;
      step->readable_dirs.insert(step->readable_dirs.end(), include_dirs.begin(), include_dirs.end());
      const std::vector<std::string> preprocess(command.begin(), command.end() - 4);
      const Screening screening = screen_preprocessed(preprocess, dir, dir / staged_name, staged_name, *step);
      if (screening.outcome != BuildCache::MakeOutcome::kSucceeded) {
        log = screening.log;
        timed_out = screening.timed_out;
        save_log(dir, log);
        return screening.outcome;
      }
      in_dir = step->compile_command(in_dir, dir);
    }
    CommandResult result = runner_.run(in_dir, kCompileTimeout);
    log = result.output;
    const std::string prefix = dir.string() + "/";
    for (size_t at; (at = log.find(prefix)) != std::string::npos;) log.erase(at, prefix.size());
    const auto [headers, name] = own_headers();
    for (size_t at; !headers.empty() && (at = log.find(headers)) != std::string::npos;) log.replace(at, headers.size(), name);
    if (result.outcome == CommandResult::Outcome::kTimedOut) {
      timed_out = true;
      log = fmt::format("the compiler did not finish within {} s and was stopped\n", kCompileTimeout.count()) + log;
    }
    const BuildCache::MakeOutcome outcome = within_cap(judge(result), dir / kObject, "the compiled object", sandbox, log);
    save_log(dir, log);
    return outcome;
  });
  if (entry.cached) log = load_log(entry.dir);
  std::error_code error;
  const std::string refusal =
      std::filesystem::exists(entry.dir / kRefusal, error) ? read_file(entry.dir / kRefusal) : std::string();
  return {entry, log, timed_out, refusal};
}

CachedToolchain::Step CachedToolchain::cached_step(const std::string& label, const std::string& inputs,
                                                   const MakeStep& make) {
  std::string log;
  BuildCache::Entry entry = cache_.get_or_build(label, inputs, [&](const std::filesystem::path& dir) {
    BuildCache::MakeOutcome outcome;
    std::tie(outcome, log) = make(dir);
    save_log(dir, log);
    return outcome;
  });
  if (entry.cached) log = load_log(entry.dir);
  return {entry, log, false, ""};
}

// The student's file preprocessed with the compile's own command, in the same sandbox (preprocessed_policy.h):
// once with the include trace, its output kept for the check of the file's own lines, and once more with the
// feature queries' trap, whose output is thrown away (the trap changes what the headers' own queries answer).
// kFailed, with the refusal saved beside the log, when the file is refused; kSucceeded when the compile may run.
CachedToolchain::Screening CachedToolchain::screen_preprocessed(const std::vector<std::string>& preprocess,
                                                                const std::filesystem::path& dir,
                                                                const std::filesystem::path& source,
                                                                const std::string& file_name,
                                                                const Confinement& sandbox) {
  std::vector<std::string> command = preprocess;
  const std::vector<std::string> trace = include_trace_flags();
  command.insert(command.end(), trace.begin(), trace.end());
  command.insert(command.end(), {"-E", file_name, "-o", (dir / kPreprocessed).string()});
  // -v's commands and the trace of every standard header (bits/stdc++.h) come to about 30 KB.
  constexpr size_t kTraceCap = 16 << 20;
  CommandResult result = runner_.run(sandbox.compile_command(command, dir), kCompileTimeout, kTraceCap);
  if (result.outcome == CommandResult::Outcome::kTimedOut) return preprocessor_timed_out();
  PreprocessedVerdict verdict = judge_include_trace(result.output, source);
  std::error_code error;
  const uintmax_t bytes = std::filesystem::file_size(dir / kPreprocessed, error);
  if (result.dropped_bytes > 0 || (!error && bytes > kLargestStudentOutputBytes)) {
    verdict.outcome = PreprocessedVerdict::Outcome::kTooMuchToCheck;
  } else if (verdict.outcome == PreprocessedVerdict::Outcome::kAllowed && !error) {
    verdict = judge_preprocessed_lines(read_file(dir / kPreprocessed));
  }
  std::filesystem::remove(dir / kPreprocessed, error);
  if (verdict.outcome == PreprocessedVerdict::Outcome::kAllowed) {
    std::ofstream(dir / kFeatureQueryTrapName) << feature_query_trap();
    command = preprocess;
    const std::vector<std::string> trap = feature_query_flags((dir / kFeatureQueryTrapName).string());
    command.insert(command.end(), trap.begin(), trap.end());
    command.insert(command.end(), {"-E", file_name, "-o", "/dev/null"});
    result = runner_.run(sandbox.compile_command(command, dir), kCompileTimeout, kTraceCap);
    std::filesystem::remove(dir / kFeatureQueryTrapName, error);
    if (result.outcome == CommandResult::Outcome::kTimedOut) return preprocessor_timed_out();
    verdict = result.dropped_bytes > 0 ? PreprocessedVerdict{PreprocessedVerdict::Outcome::kTooMuchToCheck}
                                       : judge_feature_queries(result.output);
  }
  if (verdict.outcome == PreprocessedVerdict::Outcome::kAllowed) return {BuildCache::MakeOutcome::kSucceeded, "", false};
  // Nothing of what the preprocessor printed is kept: it may quote the file that was reached.
  const std::string refusal = describe_preprocessed_refusal(verdict, file_name);
  std::ofstream(dir / kRefusal) << refusal;
  return {BuildCache::MakeOutcome::kFailed, refusal + "\n", false};
}

CachedToolchain::Screening CachedToolchain::preprocessor_timed_out() {
  return {BuildCache::MakeOutcome::kNotJudged,
          fmt::format("the preprocessor did not finish within {} s and was stopped\n", kCompileTimeout.count()), true};
}

std::optional<BuildResult> CachedToolchain::harness_failure(const std::vector<Step>& objects) {
  for (const Step& step : objects) {
    if (step.entry.succeeded) continue;
    if (step.entry.transient) std::filesystem::remove_all(step.entry.dir);
    BuildResult result;
    result.outcome = BuildResult::Outcome::kInfraError;
    result.log = step.log;
    result.summary = "the grader's own harness did not build: " + first_error_line(step.log);
    return result;
  }
  return std::nullopt;
}

std::optional<BuildResult> CachedToolchain::check_source(const BuildRequest& request) {
  const SourceVerdict verdict = judge_source(read_file(request.source));
  if (verdict.outcome == SourceVerdict::Outcome::kAllowed) return std::nullopt;
  BuildResult result;
  result.outcome = BuildResult::Outcome::kRejected;
  result.summary = verdict.include.empty()
                       ? fmt::format("rejected: {} line {}: {}", request.lab->submission_file(), verdict.line,
                                     verdict.reason)
                       : fmt::format("rejected: {} line {}: #include {}: {}", request.lab->submission_file(),
                                     verdict.line, verdict.include, verdict.reason);
  return result;
}

std::optional<BuildResult> CachedToolchain::submission_failure(const Step& submission) {
  if (submission.entry.succeeded) return std::nullopt;
  if (!submission.refusal.empty()) {
    BuildResult result;
    result.outcome = BuildResult::Outcome::kRejected;
    result.summary = submission.refusal;
    return result;
  }
  if (submission.entry.transient) std::filesystem::remove_all(submission.entry.dir);
  // A compile that never ends (a template bomb, say) is the file's doing; a compiler that could not run is not.
  const bool judged = !submission.entry.transient || submission.timed_out;
  BuildResult result;
  result.log = submission.log;
  result.outcome = judged ? BuildResult::Outcome::kCompileError : BuildResult::Outcome::kInfraError;
  result.summary = judged ? "compile error: " + first_error_line(submission.log)
                          : "the compiler could not be run: " + first_error_line(submission.log);
  return result;
}

BuildResult CachedToolchain::link(const std::vector<std::string>& linker_command, const std::vector<Step>& objects,
                                  const std::vector<std::string>& libraries, BuildResult result,
                                  const std::optional<Confinement>& sandbox, const std::string& link_script) {
  std::vector<std::string> command = linker_command;
  for (const Step& step : objects) command.push_back((step.entry.dir / kObject).string());
  command.insert(command.end(), {"-o", kRunner});
  command.insert(command.end(), libraries.begin(), libraries.end());
  std::string log;
  BuildCache::Entry linked = cache_.get_or_build(
      "runner", fmt::format("{}\n{}", fmt::join(command, " "), link_script), [&](const std::filesystem::path& dir) {
        std::vector<std::string> in_dir = command;
        *(in_dir.end() - 1 - libraries.size()) = (dir / kRunner).string();
        if (!link_script.empty()) {
          std::ofstream(dir / kLinkScript, std::ios::binary) << link_script;
          in_dir.insert(in_dir.begin() + 1, "-Wl,-T," + (dir / kLinkScript).string());
        }
        if (sandbox) {
          Confinement step = *sandbox;
          for (const Step& object : objects) step.readable_dirs.push_back(object.entry.dir);
          in_dir = step.compile_command(in_dir, dir);
        }
        CommandResult run = runner_.run(in_dir, kCompileTimeout);
        log = run.output;
        const BuildCache::MakeOutcome outcome = within_cap(judge(run), dir / kRunner, "the linked program", sandbox, log);
        save_log(dir, log);
        return outcome;
      });
  if (linked.cached) log = load_log(linked.dir);
  if (linked.transient) {
    std::filesystem::remove_all(linked.dir);
    result.outcome = BuildResult::Outcome::kInfraError;
    result.summary = "the linker could not be run: " + first_error_line(log);
  } else if (!linked.succeeded) {
    // The harness links cleanly with any file that compiles unless the file defines a symbol it owns.
    result.outcome = BuildResult::Outcome::kCompileError;
    result.log += log;
    result.summary = "link error: " + first_error_line(log);
  } else {
    result.outcome = BuildResult::Outcome::kBuilt;
    result.runner = linked.dir / kRunner;
    result.summary = result.cached ? "built (cached)" : "built";
  }
  return result;
}

std::optional<Confinement> CachedToolchain::sandbox_for(const BuildRequest& request) const {
  if (request.provenance != BuildRequest::Provenance::kStudent) return std::nullopt;
  Confinement sandbox;
  sandbox.level = request.confinement;
  sandbox.hidden_dirs = {paths_.root, paths_.cache};
  return sandbox;
}

std::optional<BuildResult> CachedToolchain::too_large(const BuildRequest& request) {
  std::error_code error;
  const uintmax_t bytes = std::filesystem::file_size(request.source, error);
  if (error || bytes <= kLargestSourceBytes) return std::nullopt;  // an unreadable file is the next step's to report
  BuildResult result;
  result.outcome = BuildResult::Outcome::kRejected;
  result.summary = fmt::format("rejected: the file is {:.1f} MiB; a submission may be at most {} MiB (a lab's kernel "
                               "is a few KiB)",
                               static_cast<double>(bytes) / (1 << 20), kLargestSourceBytes >> 20);
  return result;
}

std::vector<CachedToolchain::Step> CachedToolchain::compile_in_parallel(
    const std::vector<std::function<Step()>>& compiles) {
  std::vector<Step> steps(compiles.size());
  parallel_for(static_cast<int64_t>(compiles.size()),
               [&](int64_t i) { steps[static_cast<size_t>(i)] = compiles[static_cast<size_t>(i)](); });
  return steps;
}

// The harness compiles beside the submission: on a cold cache the two are most of a self-check's wait.
BuildResult CachedToolchain::build(const BuildRequest& request) {
  const bool student = request.provenance == BuildRequest::Provenance::kStudent;
  if (student) {
    if (auto refused = too_large(request)) return *refused;
    if (auto refused = check_source(request)) return *refused;
  }
  std::future<std::vector<Step>> harness =
      run_beside([this, &request] { return compile_harness(*request.lab); });
  std::variant<Step, BuildResult> compiled = compile_submission(request);
  std::vector<Step> objects = harness.get();
  if (auto failure = harness_failure(objects)) return *failure;
  if (BuildResult* refused = std::get_if<BuildResult>(&compiled)) return *refused;
  objects.push_back(std::get<Step>(std::move(compiled)));
  const Step& submission = objects.back();
  if (auto failure = submission_failure(submission)) return *failure;
  BuildResult result;
  result.log = submission.log;
  result.cached = submission.entry.cached;
  if (student) {
    const ObjectCheck::Result check =
        object_check_.judge(object_of(submission), extra_allowed_symbols(), launch_symbols());
    if (check.outcome != BuildResult::Outcome::kBuilt) {
      result.outcome = check.outcome;
      result.summary = check.summary;
      return result;
    }
  }
  return link_runner(objects, request, std::move(result));
}

}  // namespace cudagrade
