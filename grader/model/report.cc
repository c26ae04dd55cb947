#include "model/report.h"

namespace cudagrade {

void total_up(GradeReport& report) {
  report.score = 0;
  report.max_score = 0;
  std::vector<CaseStatus> statuses;
  for (const CaseResult& result : report.cases) {
    report.score += result.points;
    report.max_score += result.max_points;
    statuses.push_back(result.status);
  }
  report.verdict = verdict_of(statuses);
}

const CaseResult* case_named(const GradeReport& report, const std::string& name) {
  for (const CaseResult& result : report.cases) {
    if (result.name == name) return &result;
  }
  return nullptr;
}

}  // namespace cudagrade
