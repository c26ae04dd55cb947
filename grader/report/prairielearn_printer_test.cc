#include "report/prairielearn_printer.h"

#include <catch2/catch.hpp>
#include <sstream>

#include "testing/sample_reports.h"

namespace cudagrade {
namespace {

// The shared sample at 100x100x100, with its hidden case failed as the visible one did and its timed case slow
// (twice the reference's time, 2 of 5 points): 3 of 8 points.
GradeReport sample_report() {
  GradeReport report = testing::sample_report();
  for (CaseResult& result : report.cases) result.size = {100, 100, 100};
  CaseResult& hidden = report.cases[2];
  hidden = report.cases[1];
  hidden.name = "rectangular-hidden";
  hidden.kind = CaseKind::kRectangular;
  hidden.hidden = true;
  CaseResult& timed = report.cases[3];
  timed.speed = testing::sample_speed(6.0);
  timed.speed->points = 1;
  timed.points = 2;
  total_up(report);
  return report;
}

GradeReport compile_error_report() {
  return testing::compile_error_report(sample_report(),
                                       "matmul.cu(13): error: identifier \"acc\" is undefined\n        acc += 1;\n\n"
                                       "matmul.cu(20): error: expected a \";\"\n\n"
                                       "2 errors detected in the compilation of \"matmul.cu\".\n");
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
