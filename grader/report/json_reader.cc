#include "report/json_reader.h"

namespace cudagrade {
namespace {

Timing timing_from_json(const nlohmann::json& json) {
  return {json.at("samples").get<int>(), json.at("median_ms").get<double>(), json.at("min_ms").get<double>(),
          json.at("max_ms").get<double>(), json.at("noise").get<double>()};
}

template <typename T>
std::optional<T> optional_from_json(const nlohmann::json& json) {
  if (json.is_null()) return std::nullopt;
  return json.get<T>();
}

SpeedResult speed_from_json(const nlohmann::json& json) {
  SpeedResult speed;
  speed.student = timing_from_json(json.at("student"));
  speed.reference = json.at("reference").get<std::string>();
  if (!json.at("reference_timing").is_null()) speed.reference_timing = timing_from_json(json.at("reference_timing"));
  speed.ratio = optional_from_json<double>(json.at("ratio"));
  speed.gflops = json.at("gflops").get<double>();
  speed.gbps = json.at("gbps").get<double>();
  speed.percent_of_baseline = optional_from_json<double>(json.at("percent_of_baseline"));
  speed.percent_of_bandwidth = optional_from_json<double>(json.at("percent_of_bandwidth"));
  speed.points = json.at("points").get<double>();
  speed.note = json.at("note").get<std::string>();
  for (const nlohmann::json& baseline : json.at("baselines")) {
    speed.baselines.push_back({baseline.at("name").get<std::string>(), timing_from_json(baseline.at("timing"))});
  }
  return speed;
}

CaseResult case_from_json(const nlohmann::json& json) {
  CaseResult result;
  result.name = json.at("name").get<std::string>();
  result.kind = case_kind_from_string(json.at("kind").get<std::string>()).value();
  result.size = json.at("size").get<std::vector<int64_t>>();
  result.hidden = json.at("hidden").get<bool>();
  result.status = case_status_from_string(json.at("status").get<std::string>()).value();
  result.points = json.at("points").get<double>();
  result.max_points = json.at("max_points").get<double>();
  result.elapsed_ms = json.at("elapsed_ms").get<double>();
  result.message = json.at("message").get<std::string>();
  result.details = json.at("details").get<std::string>();
  if (!json.at("speed").is_null()) result.speed = speed_from_json(json.at("speed"));
  if (json.contains("simulated_ms")) result.simulated_ms = json.at("simulated_ms").get<double>();
  return result;
}

}  // namespace

std::optional<GradeReport> report_from_json(const nlohmann::json& json, std::string& problem) {
  try {
    GradeReport report;
    report.lab = json.at("lab").get<std::string>();
    report.submission = json.at("submission").get<std::string>();
    report.backend = json.at("backend").get<std::string>();
    report.device = json.at("device").get<std::string>();
    report.verdict = case_status_from_string(json.at("verdict").get<std::string>()).value();
    report.score = json.at("score").get<double>();
    report.max_score = json.at("max_score").get<double>();
    report.build_summary = json.at("build").at("summary").get<std::string>();
    report.build_log = json.at("build").at("log").get<std::string>();
    for (const nlohmann::json& result : json.at("cases")) report.cases.push_back(case_from_json(result));
    return report;
  } catch (const std::exception& error) {  // nlohmann's type and key errors, or an unknown status or kind
    problem = error.what();
    return std::nullopt;
  }
}

}  // namespace cudagrade
