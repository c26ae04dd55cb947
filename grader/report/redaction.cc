#include "report/redaction.h"

#include <fmt/format.h>

namespace cudagrade {

GradeReport redacted_for_students(const GradeReport& report) {
  GradeReport redacted = report;
  int hidden = 0;
  for (CaseResult& result : redacted.cases) {
    if (!result.hidden) continue;
    ++hidden;
    if (result.reveal) continue;
    CaseResult shown;
    shown.name = fmt::format("hidden case {}", hidden);
    shown.kind = result.kind;
    shown.hidden = true;
    shown.status = result.status;
    shown.points = result.points;
    shown.max_points = result.max_points;
    shown.message = result.status == CaseStatus::kPassed
                        ? "passed (a hidden case: only its result is shown)"
                        : fmt::format("{} (a hidden case: only its result is shown)", to_string(result.status));
    result = shown;
  }
  return redacted;
}

}  // namespace cudagrade
