// Every report format and every stored result says which cudagrade graded it and on which test cases, so that a
// regrade can say what changed.
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>
#include <sstream>

#include "core/version.h"
#include "report/gradescope_printer.h"
#include "report/printer_registry.h"
#include "report/prairielearn_printer.h"
#include "report/report_json.h"
#include "report/report_text.h"
#include "testing/sample_reports.h"

namespace cudagrade {
namespace {

TEST_CASE("every output format names the grader's version, its commit and the test cases' hash", "[version]") {
  const GradeReport report = testing::sample_report();
  for (const std::string& format : printer_formats()) {
    INFO("format " << format);
    std::ostringstream out;
    make_printer(format, out, false)->print(report);
    CHECK_THAT(out.str(), Catch::Contains("9.8.7"));
    CHECK_THAT(out.str(), Catch::Contains("abc123def456"));
    CHECK_THAT(out.str(), Catch::Contains("0123456789abcdef"));
  }
}

TEST_CASE("the JSON forms keep the grader as fields a script can read", "[version]") {
  const GradeReport report = testing::sample_report();
  const nlohmann::json json = report_to_json(report);
  CHECK(json["grader"] == nlohmann::json({{"version", "9.8.7"}, {"commit", "abc123def456"},
                                          {"cases_hash", "0123456789abcdef"}}));
  CHECK(gradescope_results(report)["extra_data"]["grader"] == json["grader"]);
  CHECK_THAT(prairielearn_results(report)["output"].get<std::string>(),
             Catch::Contains("graded by cudagrade 9.8.7 (commit abc123def456), test cases 0123456789abcdef"));

  std::string problem;
  std::optional<GradeReport> read = report_from_json(json, problem);
  REQUIRE(read);
  CHECK(read->graded_by.commit == "abc123def456");
  nlohmann::json before_versions = json;
  before_versions.erase("grader");
  read = report_from_json(before_versions, problem);
  REQUIRE(read);  // a result stored by an earlier cudagrade still reads, with nothing claimed about its grader
  CHECK(read->graded_by.version.empty());
}

TEST_CASE("a student's stored result records the grader even when nothing could be graded", "[version]") {
  StudentResult student;
  student.student_id = "s1";
  student.grader_version = "9.8.7";
  student.grader_commit = "abc123def456";
  student.cases_hash = "0123456789abcdef";
  const nlohmann::json json = student_to_json(student);
  CHECK(json["grader_version"] == "9.8.7");
  CHECK(json["grader_commit"] == "abc123def456");
  std::optional<StudentResult> read = student_from_json(json);
  REQUIRE(read);
  CHECK(read->grader_commit == "abc123def456");
}

TEST_CASE("this build knows its own version and commit", "[version]") {
  CHECK(grader_version().version == CUDAGRADE_TEST_EXPECTED_VERSION);
  CHECK_FALSE(grader_version().commit.empty());
  CHECK_THAT(grader_version_text(), Catch::StartsWith("cudagrade " CUDAGRADE_TEST_EXPECTED_VERSION " (commit "));
}

}  // namespace
}  // namespace cudagrade
