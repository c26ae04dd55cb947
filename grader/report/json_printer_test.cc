#include "report/json_printer.h"

#include <catch2/catch.hpp>
#include <sstream>

#include "report/printer.h"
#include "score/scoring.h"
#include "testing/sample_reports.h"

namespace cudagrade {
namespace {

// The shared sample without its hidden case and with the timed case second: passed, timed and a wrong answer,
// 6 of 7 points.
GradeReport sample_report() {
  GradeReport report = testing::sample_report();
  const std::vector<CaseResult> cases = report.cases;
  report.cases = {cases[0], cases[3], cases[1]};
  total_up(report);
  return report;
}

TEST_CASE("the JSON report has the documented shape", "[json]") {
  nlohmann::json json = report_to_json(sample_report());
  for (const char* key : {"lab", "backend", "device", "verdict", "score", "max_score", "cases"}) {
    CHECK(json.contains(key));
  }
  CHECK(json["verdict"] == "wrong_answer");
  CHECK(json["score"] == 6.0);
  CHECK(json["max_score"] == 7.0);
  REQUIRE(json["cases"].size() == 3);
  for (const auto& item : json["cases"]) {
    for (const char* key : {"name", "kind", "status", "points", "max_points", "elapsed_ms", "message"}) {
      CHECK(item.contains(key));
    }
  }
  CHECK(json["cases"][1]["kind"] == "performance");
  CHECK(json["cases"][1]["speed"]["ratio"] == 0.5);
  CHECK(json["cases"][1]["speed"]["baselines"][0]["name"] == "cublas");
  CHECK(json["cases"][0]["speed"].is_null());
  CHECK(json["cases"][2]["status"] == "wrong_answer");
}

TEST_CASE("the JSON printer writes one parseable document", "[json]") {
  std::ostringstream out;
  JsonPrinter(out).print(sample_report());
  nlohmann::json parsed = nlohmann::json::parse(out.str());
  CHECK(parsed["lab"] == "matmul");
}

TEST_CASE("the text printer shows the table, the failure's picture and the speed, without colour when asked",
          "[text]") {
  std::ostringstream out;
  TextPrinter(out, false).print(sample_report());
  const std::string text = out.str();
  CHECK_THAT(text, Catch::Contains("square-128"));
  CHECK_THAT(text, Catch::Contains("wrong_answer"));
  CHECK_THAT(text, Catch::Contains("|..X|"));
  CHECK_THAT(text, Catch::Contains("0.5x the time of reference tiled_boundary"));
  CHECK_THAT(text, Catch::Contains(", 91625 GFLOP/s,"));  // whole, not 9.162e+04
  CHECK_THAT(text, Catch::Contains("score 6 / 7, verdict wrong_answer"));
  CHECK(text.find("\033[") == std::string::npos);
  std::ostringstream coloured;
  TextPrinter(coloured, true).print(sample_report());
  CHECK_THAT(coloured.str(), Catch::Contains("\033[31m"));
}

TEST_CASE("bytes that are not UTF-8 in a message do not break the JSON report", "[json]") {
  GradeReport report = sample_report();
  report.cases[2].details = "printed \xff\xfe then crashed";
  report.build_log = "matmul.cu(3): // caf\xe9";
  std::ostringstream out;
  JsonPrinter(out).print(report);
  nlohmann::json parsed = nlohmann::json::parse(out.str());
  CHECK_THAT(parsed["cases"][2]["details"].get<std::string>(), Catch::Contains("then crashed"));
}

TEST_CASE("the multiplexer writes every format it holds", "[json]") {
  std::ostringstream text, json;
  MultiPrinter printers;
  printers.add(std::make_unique<TextPrinter>(text, false));
  printers.add(std::make_unique<JsonPrinter>(json));
  printers.print(sample_report());
  CHECK_THAT(text.str(), Catch::Contains("verdict wrong_answer"));
  CHECK(nlohmann::json::parse(json.str())["verdict"] == "wrong_answer");
}

}  // namespace
}  // namespace cudagrade
