#include "model/status.h"

#include "model/enum_names.h"

namespace cudagrade {
namespace {

// Ordered by severity, least severe first.
constexpr NameTable<CaseStatus, 11> kStatusNames = {{
    {CaseStatus::kSkipped, "skipped"},
    {CaseStatus::kPassed, "passed"},
    {CaseStatus::kWrongAnswer, "wrong_answer"},
    {CaseStatus::kRace, "race"},
    {CaseStatus::kHostCompute, "host_compute"},
    {CaseStatus::kTimeout, "timeout"},
    {CaseStatus::kCrashed, "crashed"},
    {CaseStatus::kUnsupported, "unsupported"},
    {CaseStatus::kRejected, "rejected"},
    {CaseStatus::kCompileError, "compile_error"},
    {CaseStatus::kInfraError, "infra_error"},
}};

}  // namespace

std::string_view to_string(CaseStatus status) {
  return name_in(kStatusNames, status);
}

std::optional<CaseStatus> case_status_from_string(std::string_view text) {
  return value_named(kStatusNames, text);
}

int severity(CaseStatus status) {
  return position_in(kStatusNames, status);
}

}  // namespace cudagrade
