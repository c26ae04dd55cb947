#include "core/status.h"

#include <array>
#include <utility>

namespace cudagrade {
namespace {

// Ordered by severity, least severe first.
constexpr std::array<std::pair<CaseStatus, std::string_view>, 10> kStatusNames = {{
    {CaseStatus::kSkipped, "skipped"},
    {CaseStatus::kPassed, "passed"},
    {CaseStatus::kWrongAnswer, "wrong_answer"},
    {CaseStatus::kRace, "race"},
    {CaseStatus::kTimeout, "timeout"},
    {CaseStatus::kCrashed, "crashed"},
    {CaseStatus::kUnsupported, "unsupported"},
    {CaseStatus::kRejected, "rejected"},
    {CaseStatus::kCompileError, "compile_error"},
    {CaseStatus::kInfraError, "infra_error"},
}};

}  // namespace

std::string_view to_string(CaseStatus status) {
  for (const auto& [candidate, name] : kStatusNames) {
    if (candidate == status) return name;
  }
  return "unknown";
}

std::optional<CaseStatus> case_status_from_string(std::string_view text) {
  for (const auto& [status, name] : kStatusNames) {
    if (name == text) return status;
  }
  return std::nullopt;
}

int severity(CaseStatus status) {
  for (size_t i = 0; i < kStatusNames.size(); ++i) {
    if (kStatusNames[i].first == status) return static_cast<int>(i);
  }
  return 0;
}

}  // namespace cudagrade
