#include "report/report_json.h"

#include <catch2/catch.hpp>

#include "report/json_printer.h"
#include "testing/sample_reports.h"

namespace cudagrade {
namespace {

TEST_CASE("a report read back from its JSON prints the same JSON", "[json]") {
  for (const GradeReport& report : {testing::sample_report(), testing::compile_error_report()}) {
    const nlohmann::json written = report_to_json(report);
    std::string problem;
    std::optional<GradeReport> read = report_from_json(nlohmann::json::parse(json_text(written)), problem);
    INFO(problem);
    REQUIRE(read);
    CHECK(report_to_json(*read) == written);
  }
}

TEST_CASE("a document that is not a report says what is wrong with it", "[json]") {
  std::string problem;
  nlohmann::json broken = report_to_json(testing::sample_report());
  broken["cases"][0]["status"] = "excellent";
  CHECK_FALSE(report_from_json(broken, problem));
  CHECK_FALSE(problem.empty());
  CHECK_FALSE(report_from_json(nlohmann::json::parse("{\"lab\": 3}"), problem));
}

}  // namespace
}  // namespace cudagrade
