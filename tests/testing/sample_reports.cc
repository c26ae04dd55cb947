#include "testing/sample_reports.h"

#include "score/scoring.h"

#include <catch2/catch.hpp>
#include <sstream>
#include <stdexcept>
#include <utility>

namespace cudagrade::testing {

const char* const kSubmission = "submissions/matmul/student.cu";

const char* const kNvccLog =
    "matmul.cu(7): warning #177-D: variable \"unused\" was declared but never referenced\n"
    "      int unused;\n"
    "          ^\n"
    "\n"
    "Remark: The warnings can be suppressed with \"-diag-suppress <warning-number>\"\n"
    "\n"
    "matmul.cu(13): error: identifier \"acc\" is undefined\n"
    "        acc += A[row * K + k] * B[k * N + col];\n"
    "        ^\n"
    "\n"
    "matmul.cu:21:5: error: 'launch' was not declared in this scope\n"
    "/opt/cudagrade/skeleton/matmul/matmul.cuh(4): error: declaration is incompatible\n"
    "\n"
    "3 errors detected in the compilation of \"matmul.cu\".\n";

const char* const kNvccOneErrorLog =
    "matmul.cu(13): error: identifier \"acc\" is undefined\n"
    "\n"
    "1 error detected in the compilation of \"matmul.cu\".\n";

namespace {

std::string first_error_line(const std::string& log) {
  std::istringstream lines(log);
  for (std::string line; std::getline(lines, line);) {
    if (line.find(": error") != std::string::npos) return line;
  }
  return log;
}

}  // namespace

CaseResult sample_case(std::string name, CaseKind kind, CaseStatus status, double max_points) {
  CaseResult result;
  result.name = std::move(name);
  result.kind = kind;
  result.size = {128, 128, 128};
  result.status = status;
  result.points = status == CaseStatus::kPassed ? max_points : 0;
  result.max_points = max_points;
  result.elapsed_ms = 2.5;
  return result;
}

SpeedResult sample_speed(double median_ms) {
  SpeedResult speed;
  speed.student = {20, median_ms, median_ms * 0.9, median_ms * 1.1, 0.004};
  speed.reference = "tiled_boundary";
  speed.reference_timing = Timing{20, 3.0, 2.9, 3.1, 0.003};
  speed.ratio = median_ms / speed.reference_timing->median_ms;
  speed.baselines.push_back({"cublas", {20, 1.0, 1.0, 1.1, 0.002}});
  speed.percent_of_baseline = 100 * speed.baselines.front().timing.median_ms / median_ms;
  speed.gflops = 91625;
  speed.points = 4;
  return speed;
}

GradeReport sample_report() {
  GradeReport report;
  report.lab = "matmul";
  report.submission = kSubmission;
  report.compiled_as = "matmul.cu";
  report.backend = "gpu";
  report.device = "NVIDIA H200";
  report.build_summary = "built";
  report.graded_by = {"9.8.7", "abc123def456", "0123456789abcdef"};
  CaseResult passed = sample_case("square-128", CaseKind::kSquare, CaseStatus::kPassed);
  passed.message = "all elements of C are right";
  CaseResult wrong = sample_case("non-multiple-100", CaseKind::kNonMultiple, CaseStatus::kWrongAnswer);
  wrong.message = "37 of 10000 checked elements of C are wrong";
  wrong.details = "C[99][0]: expected 12, got 0 | tile <1,2>\n  |..X|\n";
  CaseResult hidden = sample_case("rectangular-hidden", CaseKind::kRectangular, CaseStatus::kPassed);
  hidden.hidden = true;
  CaseResult timed = sample_case("performance-4096", CaseKind::kPerformance, CaseStatus::kPassed, 5);
  timed.elapsed_ms = 1500;
  timed.speed = sample_speed(1.5);
  report.cases = {passed, wrong, hidden, timed};
  total_up(report);
  return report;
}

GradeReport with_efficiency_case(GradeReport report) {
  CaseResult result;
  result.name = "efficiency-global-traffic";
  result.kind = CaseKind::kEfficiency;
  result.size = {64, 64, 64};
  result.status = CaseStatus::kPassed;
  result.points = 0.5;
  result.max_points = 1;
  result.message = "all elements of C are right";
  EfficiencyResult efficiency;
  efficiency.metric = EfficiencyMetric::kGlobalTrafficRatio;
  efficiency.value = 21.67;
  efficiency.full = 4;
  efficiency.zero = 48;
  efficiency.points = 0.5;
  efficiency.max_points = 1;
  efficiency.counted_by = "simulator";
  efficiency.size = {64, 64, 64};
  result.efficiency = efficiency;
  report.cases.push_back(result);
  total_up(report);
  return report;
}

GradeReport simulated_report(GradeReport report, SpeedWithoutGpu policy) {
  report.backend = "sim";
  report.device = "the CPU simulator";
  for (CaseResult& result : report.cases) {
    if (!result.speed) continue;
    const UnmeasuredSpeed unmeasured{policy, result.speed->points};
    result.points -= result.speed->points;
    if (policy == SpeedWithoutGpu::kExclude) result.max_points -= unmeasured.points;
    result.speed.reset();
    result.unmeasured_speed = unmeasured;
    result.message = unmeasured_speed_note(unmeasured);
  }
  total_up(report);
  return report;
}

GradeReport compile_error_report(GradeReport report, const std::string& build_log) {
  report.build_log = build_log;
  report.build_summary = "compile error: " + first_error_line(build_log);
  for (CaseResult& result : report.cases) {
    result.status = CaseStatus::kCompileError;
    result.message = report.build_summary;
    result.details.clear();
    result.points = 0;
    result.elapsed_ms = 0;
    result.speed.reset();
  }
  total_up(report);
  return report;
}

GradeReport compile_error_report() {
  return compile_error_report(sample_report(), kNvccLog);
}

const nlohmann::json& element_named(const nlohmann::json& elements, const std::string& name) {
  for (const auto& element : elements) {
    if (element["name"] == name) return element;
  }
  FAIL("nothing named " << name);
  throw std::logic_error("unreachable");
}

}  // namespace cudagrade::testing
