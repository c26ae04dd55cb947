#include "pipeline/sanitizer_check.h"

#include <fmt/format.h>

#include <algorithm>
#include <numeric>

#include "model/launch_account.h"

namespace cudagrade {
namespace {

int64_t volume(const TestCase& test_case) {
  return std::accumulate(test_case.size.begin(), test_case.size.end(), int64_t{1}, std::multiplies<>());
}

bool every_size_at_least(const TestCase& test_case, int64_t least) {
  return std::all_of(test_case.size.begin(), test_case.size.end(), [&](int64_t size) { return size >= least; });
}

const TestCase* smallest(const std::vector<TestCase>& cases, int64_t least) {
  const TestCase* best = nullptr;
  for (const TestCase& test_case : cases) {
    if (test_case.kind == CaseKind::kPerformance || !every_size_at_least(test_case, least)) continue;
    if (best == nullptr || volume(test_case) < volume(*best)) best = &test_case;
  }
  return best;
}

}  // namespace

std::filesystem::path compute_sanitizer_beside(const std::filesystem::path& nvcc) {
  return nvcc.parent_path() / "compute-sanitizer";
}

std::filesystem::path default_compute_sanitizer() {
  return compute_sanitizer_beside(CUDAGRADE_NVCC);
}

std::vector<std::string> sanitizer_wrapper(const std::filesystem::path& sanitizer, SanitizerTool tool) {
  std::vector<std::string> words = {sanitizer.string(), "--tool", tool_name(tool)};
  if (tool == SanitizerTool::kRacecheck) words.insert(words.end(), {"--racecheck-report", "all"});
  // The runner's own exit status is its business (a CUDA error ends it with 1): only the tool's findings count.
  words.insert(words.end(),
               {"--print-limit", std::to_string(kSanitizerPrintLimit), "--error-exitcode",
                std::to_string(kSanitizerFoundErrors), "--check-exit-code", "no", "--show-backtrace", "no"});
  return words;
}

const TestCase* sanitizer_case(const std::vector<TestCase>& cases) {
  for (int64_t least : {kWarpWide, int64_t{2}, int64_t{1}}) {
    if (const TestCase* chosen = smallest(cases, least)) return chosen;
  }
  return nullptr;
}

SanitizerVerdict verdict_of(const SanitizerFinding& finding, SanitizerTool tool, const std::string& case_name) {
  SanitizerVerdict verdict;
  verdict.case_name = case_name;
  switch (finding.outcome) {
    case SanitizerFinding::Outcome::kClean: verdict.outcome = SanitizerVerdict::Outcome::kClean; break;
    case SanitizerFinding::Outcome::kRace:
    case SanitizerFinding::Outcome::kBarrierError:
      verdict.outcome = SanitizerVerdict::Outcome::kFound;
      verdict.status = finding.outcome == SanitizerFinding::Outcome::kRace ? CaseStatus::kRace : CaseStatus::kCrashed;
      verdict.message = finding.message;
      break;
    case SanitizerFinding::Outcome::kUnreadable:
      verdict.message = fmt::format("compute-sanitizer's {} gave no verdict on case {}{}", tool_name(tool), case_name,
                                    finding.message.empty() ? "" : ": " + finding.message);
      break;
  }
  return verdict;
}

SanitizerVerdict watched_run_verdict(const std::string& graded, const std::string& watched,
                                     const std::string& case_name) {
  SanitizerVerdict verdict;
  verdict.case_name = case_name;
  verdict.outcome = SanitizerVerdict::Outcome::kClean;
  if (graded.empty() || watched.empty()) return verdict;
  const LaunchAccountText in_grade = parse_launch_account(graded), under_tool = parse_launch_account(watched);
  if (same_launches(in_grade, under_tool)) return verdict;
  verdict.outcome = SanitizerVerdict::Outcome::kFound;
  verdict.status = CaseStatus::kRejected;
  verdict.message = fmt::format(
      "under compute-sanitizer the file launched other kernels, shapes or arguments than in its graded run of this "
      "case ({} launches of {{{}}} there, {} of {{{}}} here): it behaves otherwise when checked, so what the GPU ran "
      "was never checked",
      under_tool.launches, under_tool.kernels, in_grade.launches, in_grade.kernels);
  return verdict;
}

}  // namespace cudagrade
