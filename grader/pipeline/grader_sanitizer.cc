// compute-sanitizer's racecheck and synccheck on one case, in the student's own runner and sandbox, for a file
// the simulator cannot check (pipeline/sanitizer_check.h). Part of Grader (pipeline/grader.h).
#include <fmt/format.h>

#include <algorithm>

#include "check/case_judge.h"
#include "pipeline/grader.h"

namespace cudagrade {
namespace {

SanitizerVerdict not_checked(const std::string& why) {
  SanitizerVerdict verdict;
  verdict.message = why;
  return verdict;
}

std::string with_last_words(const std::string& why, const std::string& output) {
  const std::string said = last_lines(output, 4);
  return said.empty() ? why : why + "; its last words:\n" + said;
}

// Why a tool run that gave no verdict gave none, from how it ended and its last words.
std::string why_no_verdict(const RunnerSession::Ending& ending, const std::string& output) {
  return with_last_words(ending.outcome == WaitOutcome::kTimedOut
                             ? fmt::format("it did not finish in {} s and was killed", kSanitizerTimeout.count())
                             : "it ended (" + (ending.status ? ending.status->describe() : std::string("unknown")) +
                                   ") without its summary",
                         output);
}

}  // namespace

SanitizerVerdict Grader::sanitize(const std::filesystem::path& submission, const TestSuite& suite,
                                  const std::string& case_name, const GradeReport* graded) {
  if (backend_.simulated()) return not_checked("compute-sanitizer needs a GPU; the simulator checks its own runs");
  const std::vector<TestCase> cases = cases_to_grade(suite);
  const auto named = std::find_if(cases.begin(), cases.end(), [&](const TestCase& c) { return c.name == case_name; });
  const TestCase* chosen = named != cases.end() ? &*named : sanitizer_case(cases);
  if (chosen == nullptr) return not_checked("compute-sanitizer: the test cases hold no correctness case to run");
  std::error_code error;
  if (!std::filesystem::is_regular_file(options_.compute_sanitizer, error)) {
    return not_checked("compute-sanitizer is not installed at " + options_.compute_sanitizer.string());
  }
  const Availability availability = backend_.availability();
  if (!availability.usable) return not_checked("compute-sanitizer needs a GPU: " + availability.reason);
  // The build grade() made: the cache hands it back.
  const BuildResult build =
      build_or_explain({&lab_, submission, {}, BuildRequest::Provenance::kStudent, options_.confinement});
  if (build.outcome != BuildResult::Outcome::kBuilt) {
    return not_checked("compute-sanitizer: the file did not build for the GPU: " + build.summary);
  }
  // The graded runner's process is done with: its GPU memory goes back before the tool's run starts.
  if (student_) student_->stop();
  const CaseResult* graded_case = graded != nullptr ? case_named(*graded, chosen->name) : nullptr;
  const std::string graded_launches = graded_case != nullptr ? graded_case->launches : "";
  SanitizerVerdict verdict;
  for (SanitizerTool tool : {SanitizerTool::kRacecheck, SanitizerTool::kSynccheck}) {
    std::string watched_launches;
    verdict = verdict_of(run_under_sanitizer(build.runner, tool, *chosen, &watched_launches), tool, chosen->name);
    if (verdict.outcome != SanitizerVerdict::Outcome::kClean) return verdict;
    verdict = watched_run_verdict(graded_launches, watched_launches, chosen->name);
    if (verdict.outcome != SanitizerVerdict::Outcome::kClean) return verdict;
  }
  return verdict;
}

// The runner speaks its protocol through the tool as it does alone (the tool passes its descriptors on): it is
// greeted, checks the case, and then ends on its own, so that the tool prints its summary.
SanitizerFinding Grader::run_under_sanitizer(const std::filesystem::path& runner, SanitizerTool tool,
                                             const TestCase& test_case, std::string* watched_launches) {
  const Clock::time_point deadline = deadline_after(static_cast<double>(kSanitizerTimeout.count()));
  RunnerSession session(student_command(runner, sanitizer_wrapper(options_.compute_sanitizer, tool)), runner);
  RunnerReply reply = session.start(deadline);
  std::string output = reply.output;
  if (reply.outcome == RunnerReply::Outcome::kOk) {
    Workload workload = lab_.make_workload(test_case, 0);
    std::unique_ptr<Arena> arena = make_arena(student_arenas_, std::span<const Workload>(&workload, 1));
    reply = session.check(*arena, deadline);
    output += reply.output;
    if (auto launched = reply.fields.find("launches"); launched != reply.fields.end()) {
      *watched_launches = launched->second;
    }
  }
  // A failed request has ended the runner already (a barrier error ends its CUDA context): the tool printed the
  // records before that, and only its summary may be missing.
  RunnerSession::Ending ending;
  if (!session.finished()) {
    ending = session.finish(deadline);
    output += ending.output;
  }
  SanitizerFinding finding = read_sanitizer_output(tool, output);
  const bool tool_found_errors =
      ending.status && ending.status->kind == ExitStatus::Kind::kExited && ending.status->code == kSanitizerFoundErrors;
  if (finding.outcome == SanitizerFinding::Outcome::kClean && tool_found_errors) {
    finding.outcome = SanitizerFinding::Outcome::kUnreadable;
    finding.message = "the tool's exit status says it found errors its output does not show";
  } else if (finding.outcome == SanitizerFinding::Outcome::kUnreadable) {
    finding.message = reply.outcome == RunnerReply::Outcome::kOk
                          ? why_no_verdict(ending, output)
                          : with_last_words("the runner failed under it: " + reply.detail, output);
  }
  return finding;
}

}  // namespace cudagrade
