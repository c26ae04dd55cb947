#include "report/json_printer.h"

#include "report/printer.h"

namespace cudagrade {
namespace {

nlohmann::json timing_to_json(const Timing& timing) {
  return {{"median_ms", timing.median_ms},
          {"min_ms", timing.min_ms},
          {"max_ms", timing.max_ms},
          {"noise", timing.noise},
          {"samples", timing.samples}};
}

template <typename T>
nlohmann::json optional_to_json(const std::optional<T>& value) {
  return value ? nlohmann::json(*value) : nlohmann::json(nullptr);
}

nlohmann::json speed_to_json(const SpeedResult& speed) {
  nlohmann::json json = {
      {"student", timing_to_json(speed.student)},
      {"reference", speed.reference},
      {"reference_timing", speed.reference_timing ? timing_to_json(*speed.reference_timing) : nlohmann::json()},
      {"ratio", optional_to_json(speed.ratio)},
      {"gflops", speed.gflops},
      {"gbps", speed.gbps},
      {"percent_of_baseline", optional_to_json(speed.percent_of_baseline)},
      {"percent_of_bandwidth", optional_to_json(speed.percent_of_bandwidth)},
      {"points", speed.points},
      {"note", speed.note},
  };
  json["baselines"] = nlohmann::json::array();
  for (const BaselineTiming& baseline : speed.baselines) {
    json["baselines"].push_back({{"name", baseline.name}, {"timing", timing_to_json(baseline.timing)}});
  }
  return json;
}

nlohmann::json case_to_json(const CaseResult& result) {
  nlohmann::json json = {
      {"name", result.name},
      {"kind", std::string(to_string(result.kind))},
      {"size", result.size},
      {"hidden", result.hidden},
      {"status", std::string(to_string(result.status))},
      {"points", result.points},
      {"max_points", result.max_points},
      {"elapsed_ms", result.elapsed_ms},
      {"message", result.message},
      {"details", result.details},
  };
  json["speed"] = result.speed ? speed_to_json(*result.speed) : nlohmann::json();
  if (result.simulated_ms) json["simulated_ms"] = *result.simulated_ms;
  return json;
}

}  // namespace

nlohmann::json report_to_json(const GradeReport& report) {
  nlohmann::json json = {
      {"lab", report.lab},
      {"submission", report.submission},
      {"backend", report.backend},
      {"device", report.device},
      {"verdict", std::string(to_string(report.verdict))},
      {"score", report.score},
      {"max_score", report.max_score},
      {"build", {{"summary", report.build_summary}, {"log", report.build_log}}},
  };
  json["cases"] = nlohmann::json::array();
  for (const CaseResult& result : report.cases) json["cases"].push_back(case_to_json(result));
  return json;
}

std::string json_text(const nlohmann::json& document, int indent) {
  return document.dump(indent, ' ', false, nlohmann::json::error_handler_t::replace);
}

void JsonPrinter::print(const GradeReport& report) {
  out_ << json_text(report_to_json(report)) << "\n";
}

}  // namespace cudagrade
