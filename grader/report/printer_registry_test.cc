#include "report/printer_registry.h"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>
#include <sstream>
#include <stdexcept>

#include "testing/sample_reports.h"

namespace cudagrade {
namespace {

// The shared sample's first case alone, which passed.
GradeReport one_case_report() {
  GradeReport report = testing::sample_report();
  report.cases.resize(1);
  total_up(report);
  return report;
}

std::string printed(const std::string& format) {
  std::ostringstream out;
  make_printer(format, out, false)->print(one_case_report());
  return out.str();
}

TEST_CASE("every format has a printer that writes it", "[registry]") {
  CHECK(printer_formats() == std::vector<std::string>{"text", "json", "junit", "github", "gradescope", "prairielearn"});
  CHECK_THAT(printed("text"), Catch::Contains("score 1 / 1, verdict passed"));
  CHECK(nlohmann::json::parse(printed("json"))["verdict"] == "passed");
  CHECK_THAT(printed("junit"), Catch::StartsWith("<?xml") && Catch::Contains("<testcase classname=\"matmul\""));
  CHECK_THAT(printed("github"), Catch::Contains("## ✅ matmul: passed, 1 / 1 points"));
  CHECK(nlohmann::json::parse(printed("gradescope"))["score"] == 1.0);
  CHECK(nlohmann::json::parse(printed("prairielearn"))["score"] == 1.0);
}

TEST_CASE("colour reaches the text printer", "[registry]") {
  std::ostringstream out;
  make_printer("text", out, true)->print(one_case_report());
  CHECK_THAT(out.str(), Catch::Contains("\033[32m"));
}

TEST_CASE("an unknown format is refused, naming the ones there are", "[registry]") {
  std::ostringstream out;
  CHECK_THROWS_AS(make_printer("xml", out, false), std::invalid_argument);
  CHECK_THROWS_WITH(make_printer("xml", out, false), Catch::Contains("unknown output format 'xml'") &&
                                                         Catch::Contains("junit, github, gradescope, prairielearn"));
}

}  // namespace
}  // namespace cudagrade
