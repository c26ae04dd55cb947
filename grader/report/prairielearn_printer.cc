#include "report/prairielearn_printer.h"

#include <fmt/format.h>

#include <algorithm>
#include <sstream>
#include <string>
#include <vector>

#include "report/json_printer.h"
#include "report/report_text.h"

namespace cudagrade {
namespace {

// PrairieLearn shows a student every test it is given, so a hidden case says how it went but not the details
// that would give its inputs away.
nlohmann::json test_of(const CaseResult& result) {
  const std::string description =
      fmt::format("{} {}{}", to_string(result.kind), size_text(result.size), result.hidden ? " (hidden case)" : "");
  return {{"name", result.name},
          {"description", description},
          {"points", result.points},
          {"max_points", result.max_points},
          {"message", fmt::format("{}: {}", to_string(result.status), result.message)},
          {"output", result.hidden ? result.message : case_feedback(result)}};
}

// The compiler's error lines, one format error each, as PrairieLearn lists them.
std::vector<std::string> format_errors(const GradeReport& report) {
  std::vector<std::string> errors;
  std::istringstream lines(report.build_log);
  std::string line;
  while (std::getline(lines, line)) {
    const bool tally = line.find(" detected in the compilation") != std::string::npos;  // "1 error detected ..."
    if (line.find("error") != std::string::npos && !tally) errors.push_back(line);
  }
  if (errors.empty()) errors.push_back(report.build_summary);
  return errors;
}

double fraction(const GradeReport& report) {
  if (report.max_score <= 0) return 0;
  return std::clamp(report.score / report.max_score, 0.0, 1.0);
}

std::string output(const GradeReport& report) {
  std::string text = fmt::format("backend {} on {}; build: {}\n{}\n", report.backend, report.device,
                                 report.build_summary, graded_by_text(report.graded_by));
  if (!report.build_log.empty()) text += "\ncompiler output:\n" + report.build_log;
  return text;
}

}  // namespace

nlohmann::json prairielearn_results(const GradeReport& report) {
  const bool gradable = report.verdict != CaseStatus::kCompileError;
  nlohmann::json tests = nlohmann::json::array();
  for (const CaseResult& result : report.cases) tests.push_back(test_of(result));
  nlohmann::json results = {
      {"gradable", gradable},
      {"score", fraction(report)},
      {"message", fmt::format("{}: {} / {} points", to_string(report.verdict), points_text(report.score),
                              points_text(report.max_score))},
      {"output", output(report)},
      {"tests", tests},
  };
  if (!gradable) results["format_errors"] = format_errors(report);
  return results;
}

void PrairielearnPrinter::print(const GradeReport& report) {
  out_ << json_text(prairielearn_results(report)) << "\n";
}

}  // namespace cudagrade
