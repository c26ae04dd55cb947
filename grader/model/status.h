// The outcome of one test case, as every printer, score and exit code sees it.
#pragma once

#include <optional>
#include <string_view>

namespace cudagrade {

enum class CaseStatus {
  kPassed,
  kWrongAnswer,
  kRace,
  kHostCompute,  // the work was done on the host, not by the student's kernels
  kCompileError,
  kTimeout,
  kCrashed,
  kRejected,
  kUnsupported,
  kSkipped,
  kInfraError,
};

std::string_view to_string(CaseStatus status);
std::optional<CaseStatus> case_status_from_string(std::string_view text);

// Which status names a whole submission when its cases disagree: the one a student must fix first.
// Infrastructure trouble outranks everything because the student is not to blame for it.
int severity(CaseStatus status);

// The submission's verdict: kPassed when every graded case passed, else its most severe case status.
// Skipped cases neither pass nor fail a submission; a submission whose every case was skipped is kSkipped.
template <typename Range>
CaseStatus verdict_of(const Range& statuses) {
  std::optional<CaseStatus> worst;
  for (CaseStatus status : statuses) {
    if (status == CaseStatus::kSkipped) continue;
    if (!worst || severity(status) > severity(*worst)) worst = status;
  }
  return worst.value_or(CaseStatus::kSkipped);
}

}  // namespace cudagrade
