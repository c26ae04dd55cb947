#include "report/prairielearn_printer.h"

#include <catch2/catch.hpp>
#include <sstream>

namespace cudagrade {
namespace {

CaseResult make_case(std::string name, CaseKind kind, CaseStatus status, double points, double max_points) {
  CaseResult result;
  result.name = std::move(name);
  result.kind = kind;
  result.size = {100, 100, 100};
  result.status = status;
  result.points = points;
  result.max_points = max_points;
  result.elapsed_ms = 2.5;
  return result;
}

GradeReport sample_report() {
  GradeReport report;
  report.lab = "matmul";
  report.submission = "/grade/student/matmul.cu";
  report.backend = "gpu";
  report.device = "NVIDIA H200";
  report.build_summary = "built";
  CaseResult passed = make_case("square-128", CaseKind::kSquare, CaseStatus::kPassed, 1, 1);
  passed.message = "all elements of C are right";
  CaseResult wrong = make_case("non-multiple-100", CaseKind::kNonMultiple, CaseStatus::kWrongAnswer, 0, 1);
  wrong.message = "37 of 10000 checked elements of C are wrong";
  wrong.details = "C[99][0]: expected 12, got 0\n  |..X|\n";
  CaseResult hidden = wrong;
  hidden.name = "rectangular-hidden";
  hidden.kind = CaseKind::kRectangular;
  hidden.hidden = true;
  CaseResult timed = make_case("performance-4096", CaseKind::kPerformance, CaseStatus::kPassed, 2, 5);
  SpeedResult speed;
  speed.student = {20, 6.0, 5.9, 6.1, 0.004};
  speed.reference = "tiled_boundary";
  speed.reference_timing = Timing{20, 3.0, 2.9, 3.1, 0.003};
  speed.ratio = 2.0;
  speed.points = 1;
  timed.speed = speed;
  report.cases = {passed, wrong, hidden, timed};
  total_up(report);
  return report;
}

GradeReport compile_error_report() {
  GradeReport report = sample_report();
  report.build_log =
      "matmul.cu(13): error: identifier \"acc\" is undefined\n        acc += 1;\n\n"
      "matmul.cu(20): error: expected a \";\"\n\n"
      "2 errors detected in the compilation of \"matmul.cu\".\n";
  report.build_summary = "compile error: matmul.cu(13): error: identifier \"acc\" is undefined";
  for (CaseResult& result : report.cases) {
    result = make_case(result.name, result.kind, CaseStatus::kCompileError, 0, result.max_points);
    result.message = report.build_summary;
  }
  total_up(report);
  return report;
}

TEST_CASE("PrairieLearn gets a score in [0, 1] and one test per case", "[prairielearn]") {
  std::ostringstream out;
  PrairielearnPrinter(out).print(sample_report());
  const nlohmann::json results = nlohmann::json::parse(out.str());
  CHECK(results["gradable"] == true);
  CHECK(results["score"] == Approx(3.0 / 8.0));
  CHECK(results["message"] == "wrong_answer: 3 / 8 points");
  CHECK_FALSE(results.contains("format_errors"));
  REQUIRE(results["tests"].size() == 4);
  const nlohmann::json& wrong = results["tests"][1];
  CHECK(wrong["name"] == "non-multiple-100");
  CHECK(wrong["description"] == "non-multiple 100x100x100");
  CHECK(wrong["points"] == 0.0);
  CHECK(wrong["max_points"] == 1.0);
  CHECK(wrong["message"] == "wrong_answer: 37 of 10000 checked elements of C are wrong");
  CHECK_THAT(wrong["output"].get<std::string>(), Catch::Contains("|..X|"));
  CHECK_THAT(results["tests"][3]["output"].get<std::string>(), Catch::Contains("2x the time of reference"));
}

TEST_CASE("a hidden case says how it went but not its details", "[prairielearn]") {
  const nlohmann::json hidden = prairielearn_results(sample_report())["tests"][2];
  CHECK(hidden["description"] == "rectangular 100x100x100 (hidden case)");
  CHECK(hidden["output"] == "37 of 10000 checked elements of C are wrong");
}

TEST_CASE("the score stays in [0, 1] at the edges", "[prairielearn]") {
  GradeReport report = sample_report();
  report.max_score = 0;
  CHECK(prairielearn_results(report)["score"] == 0.0);
  report.max_score = 2;  // more points than possible: never more than full marks
  CHECK(prairielearn_results(report)["score"] == 1.0);
  report.score = -1;
  CHECK(prairielearn_results(report)["score"] == 0.0);
}

TEST_CASE("a submission that does not compile is not gradable, and says why", "[prairielearn]") {
  const nlohmann::json results = prairielearn_results(compile_error_report());
  CHECK(results["gradable"] == false);
  CHECK(results["score"] == 0.0);
  CHECK(results["format_errors"] == nlohmann::json::array({"matmul.cu(13): error: identifier \"acc\" is undefined",
                                                           "matmul.cu(20): error: expected a \";\""}));
  CHECK_THAT(results["output"].get<std::string>(), Catch::Contains("acc += 1;"));
}

}  // namespace
}  // namespace cudagrade
