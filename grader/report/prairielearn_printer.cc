#include "report/prairielearn_printer.h"

#include <fmt/format.h>

#include <algorithm>
#include <sstream>
#include <string>
#include <vector>

#include "report/gradescope_printer.h"

namespace cudagrade {
namespace {

std::string points_text(double points) {
  return fmt::format("{:.4g}", points);
}

// PrairieLearn shows a student every test it is given, so a hidden case says how it went but not the details
// that would give its inputs away.
nlohmann::json test_of(const CaseResult& result) {
  const std::string description = fmt::format("{} {}{}", to_string(result.kind), fmt::join(result.size, "x"),
                                              result.hidden ? " (hidden case)" : "");
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
  std::string text = fmt::format("backend {} on {}; build: {}\n", report.backend, report.device, report.build_summary);
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

// Compiler logs and program output are arbitrary bytes: invalid UTF-8 is replaced rather than allowed to
// abort the results PrairieLearn is waiting for.
void PrairielearnPrinter::print(const GradeReport& report) {
  out_ << prairielearn_results(report).dump(2, ' ', false, nlohmann::json::error_handler_t::replace) << "\n";
}

}  // namespace cudagrade
