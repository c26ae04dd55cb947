#include "report/gradescope_printer.h"

#include <catch2/catch.hpp>
#include <sstream>

#include "core/files.h"
#include "testing/sample_reports.h"

namespace cudagrade {
namespace {

// The shared sample with a second timed case, a hidden one, and 400 ms a case (2 s in all).
GradeReport wrong_answer_report() {
  GradeReport report = testing::sample_report();
  CaseResult hidden_timed = report.cases[3];
  hidden_timed.name = "performance-hidden";
  hidden_timed.hidden = true;
  hidden_timed.speed = testing::sample_speed(2.5);
  report.cases.push_back(hidden_timed);
  for (CaseResult& result : report.cases) result.elapsed_ms = 400;
  total_up(report);
  return report;
}

// Without its wrong answer: correct in every case, one of them hidden, two of them timed (one hidden).
GradeReport passed_report() {
  GradeReport report = wrong_answer_report();
  report.cases.erase(report.cases.begin() + 1);
  total_up(report);
  return report;
}

GradeReport compile_error_report() {
  return testing::compile_error_report(passed_report(), testing::kNvccOneErrorLog);
}

// The part of JSON Schema the schema file uses (type, enum, required, properties, additionalProperties,
// items, minimum, anyOf); every violation is reported as "path: problem".
bool has_type(const nlohmann::json& value, const std::string& type) {
  if (type == "object") return value.is_object();
  if (type == "array") return value.is_array();
  if (type == "string") return value.is_string();
  if (type == "number") return value.is_number();
  if (type == "integer") return value.is_number_integer();
  if (type == "boolean") return value.is_boolean();
  return type == "null" && value.is_null();
}

void validate(const nlohmann::json& value, const nlohmann::json& schema, const std::string& path,
              std::vector<std::string>& problems) {
  if (schema.contains("type")) {
    const nlohmann::json types = schema["type"].is_array() ? schema["type"] : nlohmann::json::array({schema["type"]});
    const bool any = std::any_of(types.begin(), types.end(), [&](const auto& type) { return has_type(value, type); });
    if (!any) problems.push_back(path + ": is not of type " + schema["type"].dump());
  }
  if (schema.contains("enum") &&
      std::find(schema["enum"].begin(), schema["enum"].end(), value) == schema["enum"].end()) {
    problems.push_back(path + ": " + value.dump() + " is not one of " + schema["enum"].dump());
  }
  if (schema.contains("minimum") && value.is_number() && value.get<double>() < schema["minimum"].get<double>()) {
    problems.push_back(path + ": is under the minimum");
  }
  if (schema.contains("anyOf")) {
    const bool any = std::any_of(schema["anyOf"].begin(), schema["anyOf"].end(), [&](const auto& option) {
      std::vector<std::string> ignored;
      validate(value, option, path, ignored);
      return ignored.empty();
    });
    if (!any) problems.push_back(path + ": matches none of anyOf");
  }
  if (value.is_object()) {
    for (const auto& key : schema.value("required", nlohmann::json::array())) {
      if (!value.contains(key)) problems.push_back(path + ": lacks " + key.dump());
    }
    const nlohmann::json properties = schema.value("properties", nlohmann::json::object());
    for (const auto& [key, item] : value.items()) {
      if (properties.contains(key)) {
        validate(item, properties[key], path + "." + key, problems);
      } else if (schema.value("additionalProperties", true) == false) {
        problems.push_back(path + ": has no key " + key + " in the specification");
      }
    }
  }
  if (value.is_array() && schema.contains("items")) {
    for (size_t i = 0; i < value.size(); ++i) {
      validate(value[i], schema["items"], path + "[" + std::to_string(i) + "]", problems);
    }
  }
}

std::vector<std::string> problems_with(const nlohmann::json& results) {
  const nlohmann::json schema = nlohmann::json::parse(
      read_file(std::string(CUDAGRADE_SOURCE_ROOT) + "/tests/data/schemas/gradescope-results.schema.json"));
  std::vector<std::string> problems;
  validate(results, schema, "results", problems);
  return problems;
}

const nlohmann::json& test_named(const nlohmann::json& results, const std::string& name) {
  return testing::element_named(results["tests"], name);
}

TEST_CASE("Gradescope's results validate against the specification's schema", "[gradescope]") {
  for (const GradeReport& report : {passed_report(), wrong_answer_report(), compile_error_report()}) {
    std::ostringstream out;
    GradescopePrinter(out).print(report);
    const std::vector<std::string> problems = problems_with(nlohmann::json::parse(out.str()));
    INFO(out.str());
    CHECK(problems == std::vector<std::string>{});
  }
}

TEST_CASE("the schema check catches what Gradescope would not accept", "[gradescope]") {
  nlohmann::json results = gradescope_results(wrong_answer_report());
  results.erase("score");
  results.erase("tests");
  CHECK(problems_with(results).size() == 1);  // neither a score nor tests
  results = gradescope_results(wrong_answer_report());
  results["tests"][0]["visibility"] = "sometimes";
  results["tests"][1]["passed"] = true;
  results["leaderboard"] = {{{"value", "fast"}}};
  CHECK(problems_with(results).size() == 3);
}

TEST_CASE("each case is a test with its points, status, feedback and visibility", "[gradescope]") {
  const nlohmann::json results = gradescope_results(wrong_answer_report());
  CHECK(results["score"] == 12.0);
  CHECK(results["execution_time"] == 2);
  REQUIRE(results["tests"].size() == 5);
  const nlohmann::json& wrong = test_named(results, "non-multiple-100");
  CHECK(wrong["number"] == "2");
  CHECK(wrong["score"] == 0.0);
  CHECK(wrong["max_score"] == 1.0);
  CHECK(wrong["status"] == "failed");
  CHECK(wrong["visibility"] == "visible");
  CHECK(wrong["tags"] == nlohmann::json::array({"non-multiple", "wrong_answer"}));
  CHECK_THAT(wrong["output"].get<std::string>(), Catch::Contains("37 of 10000"));
  CHECK_THAT(wrong["output"].get<std::string>(), Catch::Contains("|..X|"));
  CHECK(test_named(results, "square-128")["status"] == "passed");
  CHECK(test_named(results, "rectangular-hidden")["visibility"] == "after_published");
  CHECK(test_named(results, "performance-hidden")["visibility"] == "after_published");
  CHECK_THAT(test_named(results, "performance-4096")["output"].get<std::string>(),
             Catch::Contains("median 1.5 ms over 20 samples") && Catch::Contains("0.5x the time of reference"));
}

TEST_CASE("a correct submission's visible timed cases make the leaderboard, fastest first", "[gradescope]") {
  const nlohmann::json results = gradescope_results(passed_report());
  REQUIRE(results.contains("leaderboard"));
  CHECK(results["leaderboard"] ==
        nlohmann::json::parse(R"([{"name": "performance-4096 median ms", "value": 1.5, "order": "asc"}])"));
  CHECK_FALSE(gradescope_results(wrong_answer_report()).contains("leaderboard"));
}

TEST_CASE("a compile error fails every test and shows the compiler's output", "[gradescope]") {
  const nlohmann::json results = gradescope_results(compile_error_report());
  CHECK(results["score"] == 0.0);
  for (const auto& test : results["tests"]) {
    CHECK(test["status"] == "failed");
    CHECK(test["score"] == 0.0);
  }
  CHECK_THAT(results["output"].get<std::string>(), Catch::Contains("compile_error, 0 / 12 points"));
  CHECK_THAT(results["output"].get<std::string>(), Catch::Contains("identifier \"acc\" is undefined\n\n1 error"));
  CHECK_FALSE(results.contains("leaderboard"));
}

}  // namespace
}  // namespace cudagrade
