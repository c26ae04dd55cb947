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

TEST_CASE("an efficiency result is stored with named fields, and read back", "[json][efficiency]") {
  GradeReport report = testing::simulated_report(testing::sample_report(), SpeedWithoutGpu::kEfficiency);
  EfficiencyResult efficiency;
  efficiency.metric = EfficiencyMetric::kSharedBankConflictWays;
  efficiency.value = 3.33;
  efficiency.full = 1.1;
  efficiency.zero = 4;
  efficiency.points = 0.25;
  efficiency.max_points = 4;
  efficiency.counted_by = "simulator";
  efficiency.size = {65536};
  efficiency.recount_size = {40960};
  efficiency.recount_value = 3.5;
  efficiency.grades_speed = true;
  report.cases[3].efficiency = efficiency;
  const nlohmann::json written = report_to_json(report);
  CHECK(written["cases"][3]["efficiency"] == nlohmann::json({{"metric", "shared_bank_conflict_ways"},
                                                              {"value", 3.33},
                                                              {"full", 1.1},
                                                              {"zero", 4},
                                                              {"points", 0.25},
                                                              {"max_points", 4},
                                                              {"counted_by", "simulator"},
                                                              {"size", {65536}},
                                                              {"recount_size", {40960}},
                                                              {"recount_value", 3.5},
                                                              {"grades", "speed"},
                                                              {"note", ""}}));
  CHECK(written["cases"][3]["unmeasured_speed"]["policy"] == "efficiency");
  CHECK_FALSE(written["cases"][0].contains("efficiency"));
  std::string problem;
  std::optional<GradeReport> read = report_from_json(written, problem);
  INFO(problem);
  REQUIRE(read);
  CHECK(report_to_json(*read) == written);
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
