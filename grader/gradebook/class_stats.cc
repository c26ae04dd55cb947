#include "gradebook/class_stats.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <optional>

#include "model/status.h"
#include "report/report_text.h"

namespace cudagrade {
namespace {

// Sort key of a status: passed, then case statuses by severity, then anything else (intake's) by name.
std::pair<int, std::string> status_order(const std::string& status) {
  const std::optional<CaseStatus> known = case_status_from_string(status);
  if (!known) return {1000, status};
  return {*known == CaseStatus::kPassed ? -1 : severity(*known), status};
}

double median(std::vector<double> values) {
  if (values.empty()) return 0;
  std::sort(values.begin(), values.end());
  const size_t mid = values.size() / 2;
  return values.size() % 2 == 1 ? values[mid] : (values[mid - 1] + values[mid]) / 2;
}

std::vector<double> graded_scores(const Students& students) {
  std::vector<double> scores;
  for (const StudentResult* student : students) {
    if (student->report) scores.push_back(student->score);
  }
  return scores;
}

// The names of the cases across reports: the first report's order, then any name seen only later.
std::vector<const CaseResult*> suite_cases(const Students& students) {
  std::vector<const CaseResult*> cases;
  for (const StudentResult* student : students) {
    if (!student->report) continue;
    for (const CaseResult& result : student->report->cases) {
      auto same = [&](const CaseResult* known) { return known->name == result.name; };
      if (std::none_of(cases.begin(), cases.end(), same)) cases.push_back(&result);
    }
  }
  return cases;
}

const CaseResult* find_case(const StudentResult& student, const std::string& name) {
  if (!student.report) return nullptr;
  for (const CaseResult& result : student.report->cases) {
    if (result.name == name) return &result;
  }
  return nullptr;
}

// Why an instructor should look at this submission whatever its score, or nothing.
std::optional<std::string> status_reason(const StudentResult& student) {
  if (!student.report) return fmt::format("no gradable upload ({})", to_string(student.status));
  switch (student.report->verdict) {
    case CaseStatus::kCompileError: return std::string("did not compile");
    case CaseStatus::kTimeout: return std::string("timed out");
    case CaseStatus::kRejected: return std::string("rejected by the source policy");
    case CaseStatus::kInfraError: return std::string("infrastructure error: not the student's fault, regrade");
    default: return std::nullopt;
  }
}

// A score is far from the median when it differs by more than 3 median absolute deviations (a spread that
// ignores the outliers themselves) and by more than a quarter of the maximum: in a class where nearly
// everyone has full marks the deviation is 0, and the quarter keeps a half point lost from being flagged.
std::optional<std::string> score_reason(const StudentResult& student, double middle, double spread, double max) {
  if (!student.report) return std::nullopt;  // listed for having no upload instead
  const double distance = std::abs(student.score - middle);
  if (distance <= 3 * spread || distance <= 0.25 * max) return std::nullopt;
  return fmt::format("score {} is far {} the median {}", points_text(student.score),
                     student.score < middle ? "below" : "above", points_text(middle));
}

}  // namespace

std::vector<StatusCount> count_by_status(const Students& students) {
  std::map<std::string, int> counts;
  for (const StudentResult* student : students) ++counts[std::string(to_string(student->status))];
  std::vector<StatusCount> result;
  for (const auto& [status, count] : counts) result.push_back({status, count});
  std::sort(result.begin(), result.end(),
            [](const StatusCount& a, const StatusCount& b) { return status_order(a.status) < status_order(b.status); });
  return result;
}

double class_max_score(const Students& students) {
  double max = 0;
  for (const StudentResult* student : students) max = std::max(max, student->max_score);
  return max;
}

double median_score(const Students& students) {
  return median(graded_scores(students));
}

std::vector<HistogramBin> score_histogram(const Students& students, int bins) {
  const double max = class_max_score(students);
  const double width = max / bins;
  std::vector<HistogramBin> histogram(bins);
  for (int i = 0; i < bins; ++i) histogram[i] = {i * width, (i + 1) * width, 0};
  for (const StudentResult* student : students) {
    // The epsilon keeps a score on an edge (2.4 with bins of 0.8) out of the bin below it.
    const double at = width > 0 ? std::floor(student->score / width + 1e-9) : 0;
    ++histogram[static_cast<size_t>(std::clamp(at, 0.0, bins - 1.0))].count;
  }
  return histogram;
}

std::vector<CasePassRate> pass_rates(const Students& students) {
  std::vector<CasePassRate> rates;
  for (const CaseResult* suite_case : suite_cases(students)) {
    CasePassRate rate{suite_case->name, suite_case->hidden};
    for (const StudentResult* student : students) {
      const CaseResult* result = find_case(*student, suite_case->name);
      if (result == nullptr) continue;
      if (result->unmeasured_speed) ++rate.speed_not_measured;
      if (result->status == CaseStatus::kSkipped) continue;
      ++rate.graded;
      if (result->status == CaseStatus::kPassed) ++rate.passed;
    }
    rates.push_back(rate);
  }
  return rates;
}

std::vector<CaseSpeeds> speeds_by_case(const Students& students) {
  std::vector<CaseSpeeds> rows;
  for (const CaseResult* suite_case : suite_cases(students)) {
    CaseSpeeds row{suite_case->name, "", {}};
    bool timed = suite_case->kind == CaseKind::kPerformance;
    for (const StudentResult* student : students) {
      const CaseResult* result = find_case(*student, suite_case->name);
      if (result != nullptr && result->unmeasured_speed) ++row.not_measured;
      if (result != nullptr && result->unmeasured_speed && result->efficiency) ++row.by_efficiency;
      if (result == nullptr || !result->speed) continue;
      timed = true;
      if (row.reference.empty()) row.reference = result->speed->reference;
      if (result->status == CaseStatus::kPassed && result->speed->ratio) {
        row.points.push_back({student, *result->speed->ratio});
      }
    }
    if (!timed) continue;
    std::sort(row.points.begin(), row.points.end(), [](const SpeedPoint& a, const SpeedPoint& b) {
      return a.ratio != b.ratio ? a.ratio < b.ratio : a.student->student_id < b.student->student_id;
    });
    rows.push_back(std::move(row));
  }
  return rows;
}

std::vector<CaseEfficiency> efficiency_by_case(const Students& students) {
  std::vector<CaseEfficiency> rows;
  for (const CaseResult* suite_case : suite_cases(students)) {
    CaseEfficiency row;
    row.name = suite_case->name;
    for (const StudentResult* student : students) {
      const CaseResult* result = find_case(*student, suite_case->name);
      if (result == nullptr || !result->efficiency) continue;
      const EfficiencyResult& efficiency = *result->efficiency;
      row.metric = efficiency.metric;
      row.full = efficiency.full;
      row.zero = efficiency.zero;
      row.grades_speed = efficiency.grades_speed;
      ++row.students;
      row.points += efficiency.points;
      row.max_points += efficiency.max_points;
      if (efficiency.value) row.figures.push_back(*efficiency.value);
    }
    if (!row.figures.empty()) row.median_figure = median(row.figures);
    if (row.students > 0) rows.push_back(std::move(row));
  }
  return rows;
}

std::vector<Outlier> find_outliers(const Students& students, const std::vector<CaseSpeeds>& speeds) {
  const std::vector<double> scores = graded_scores(students);
  const double middle = median(scores);
  std::vector<double> deviations;
  for (double score : scores) deviations.push_back(std::abs(score - middle));
  const double spread = median(deviations);
  const double max = class_max_score(students);

  std::map<std::string, Outlier> by_id;  // sorted by id, one entry a student
  auto add = [&](const StudentResult* student, std::string reason) {
    Outlier& outlier = by_id[student->student_id];
    outlier.student = student;
    outlier.reasons.push_back(std::move(reason));
  };
  for (const StudentResult* student : students) {
    if (auto reason = status_reason(*student)) add(student, *reason);
    // A median of one or two scores says nothing about the class.
    if (scores.size() < 3) continue;
    if (auto reason = score_reason(*student, middle, spread, max)) add(student, *reason);
  }
  for (const CaseSpeeds& row : speeds) {
    if (row.points.size() < 2) continue;
    const SpeedPoint& fastest = row.points.front();
    const SpeedPoint& slowest = row.points.back();
    add(fastest.student,
        fmt::format("fastest correct on {}: {:.3g}x the time of {}", row.name, fastest.ratio, row.reference));
    add(slowest.student,
        fmt::format("slowest correct on {}: {:.3g}x the time of {}", row.name, slowest.ratio, row.reference));
  }
  std::vector<Outlier> outliers;
  for (auto& [id, outlier] : by_id) outliers.push_back(std::move(outlier));
  return outliers;
}

}  // namespace cudagrade
