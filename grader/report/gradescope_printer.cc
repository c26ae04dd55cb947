#include "report/gradescope_printer.h"

#include <fmt/format.h>

#include <cmath>
#include <cstdint>

#include "report/json_printer.h"
#include "report/report_text.h"

namespace cudagrade {
namespace {

// Gradescope shows "hidden" to nobody and "after_published" once the instructor publishes the grades, which is
// what a hidden case is for: graded now, explained later.
std::string visibility(const CaseResult& result) {
  return result.hidden ? "after_published" : "visible";
}

nlohmann::json test_of(const CaseResult& result, size_t index) {
  return {{"name", result.name},
          {"number", std::to_string(index + 1)},
          {"score", result.points},
          {"max_score", result.max_points},
          {"status", result.status == CaseStatus::kPassed ? "passed" : "failed"},
          {"output", fmt::format("{}: {}", to_string(result.status), case_feedback(result))},
          {"output_format", "text"},
          {"tags", {std::string(to_string(result.kind)), std::string(to_string(result.status))}},
          {"visibility", visibility(result)}};
}

// Only a correct submission's times mean anything, and a hidden case would give away its name and size.
nlohmann::json leaderboard(const GradeReport& report) {
  nlohmann::json entries = nlohmann::json::array();
  if (report.verdict != CaseStatus::kPassed) return entries;
  for (const CaseResult& result : report.cases) {
    if (!result.speed || result.hidden || result.speed->student.samples == 0) continue;
    entries.push_back(
        {{"name", result.name + " median ms"}, {"value", result.speed->student.median_ms}, {"order", "asc"}});
  }
  return entries;
}

std::string overview(const GradeReport& report) {
  std::string text = fmt::format("{} lab, {}: {}, {} / {} points\nbackend {} on {}; build: {}\n{}\n", report.lab,
                                 report.submission, to_string(report.verdict), points_text(report.score),
                                 points_text(report.max_score), report.backend, report.device, report.build_summary,
                                 graded_by_text(report.graded_by));
  if (report.verdict == CaseStatus::kCompileError && !report.build_log.empty()) {
    text += "\ncompiler output:\n" + report.build_log;
  }
  return text;
}

// Whole seconds, as the specification's example has them; the compile is not counted, only the cases.
int64_t execution_seconds(const GradeReport& report) {
  double ms = 0;
  for (const CaseResult& result : report.cases) ms += result.elapsed_ms;
  return std::llround(ms / 1000);
}

}  // namespace

nlohmann::json gradescope_results(const GradeReport& report) {
  nlohmann::json tests = nlohmann::json::array();
  for (size_t i = 0; i < report.cases.size(); ++i) tests.push_back(test_of(report.cases[i], i));
  nlohmann::json results = {{"score", report.score},
                            {"execution_time", execution_seconds(report)},
                            {"output", overview(report)},
                            {"output_format", "text"},
                            {"visibility", "visible"},
                            {"stdout_visibility", "hidden"},  // the grader's log is for the instructor
                            {"tests", tests},
                            {"extra_data", {{"grader", report_to_json(report).at("grader")}}}};
  nlohmann::json board = leaderboard(report);
  if (!board.empty()) results["leaderboard"] = board;
  return results;
}

void GradescopePrinter::print(const GradeReport& report) {
  out_ << json_text(gradescope_results(report)) << "\n";
}

}  // namespace cudagrade
