#include "report/report_json.h"

#include <catch2/catch.hpp>

#include "report/json_printer.h"
#include "testing/sample_reports.h"

namespace cudagrade {
namespace {

TEST_CASE("a report read back from its JSON prints the same JSON", "[json]") {
  for (const GradeReport& report : {testing::sample_report(), testing::compile_error_report(),
                                    testing::simulated_report(testing::sample_report(), SpeedWithoutGpu::kZero)}) {
    const nlohmann::json written = report_to_json(report);
    std::string problem;
    std::optional<GradeReport> read = report_from_json(nlohmann::json::parse(json_text(written)), problem);
    INFO(problem);
    REQUIRE(read);
    CHECK(report_to_json(*read) == written);
  }
}

TEST_CASE("speed nothing measured is stored with its points and policy, and read back", "[json]") {
  const nlohmann::json written = report_to_json(testing::simulated_report(testing::sample_report()));
  const nlohmann::json& timed = written["cases"][3];
  CHECK(timed["unmeasured_speed"] == nlohmann::json({{"policy", "exclude"}, {"points", 4}}));
  CHECK(timed["max_points"] == 1);
  CHECK(written["max_score"] == 4);
  CHECK_FALSE(written["cases"][0].contains("unmeasured_speed"));
  std::string problem;
  std::optional<GradeReport> read = report_from_json(written, problem);
  REQUIRE(read);
  REQUIRE(read->cases[3].unmeasured_speed);
  CHECK(read->cases[3].unmeasured_speed->policy == SpeedWithoutGpu::kExclude);
  CHECK(read->cases[3].unmeasured_speed->points == 4);
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
