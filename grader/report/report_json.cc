#include "report/report_json.h"

#include "check/access_profile.h"

namespace cudagrade {
namespace {

// ---- to JSON ----

nlohmann::json timing_to_json(const Timing& timing) {
  return {{"median_ms", timing.median_ms},
          {"min_ms", timing.min_ms},
          {"max_ms", timing.max_ms},
          {"noise", timing.noise},
          {"samples", timing.samples},
          // The grader's own clock around the timing request: the one figure here the runner did not report.
          {"wall_ms", timing.wall_ms}};
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

// Named fields, so that other tools can read which counter graded the case and against what.
nlohmann::json efficiency_to_json(const EfficiencyResult& efficiency) {
  return {{"metric", std::string(to_string(efficiency.metric))},
          {"value", optional_to_json(efficiency.value)},
          {"full", efficiency.full},
          {"zero", efficiency.zero},
          {"points", efficiency.points},
          {"max_points", efficiency.max_points},
          {"counted_by", efficiency.counted_by},
          {"size", efficiency.size},
          {"recount_size", efficiency.recount_size},
          {"recount_value", optional_to_json(efficiency.recount_value)},
          {"grades", efficiency.grades_speed ? "speed" : "case"},
          {"note", efficiency.note}};
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
  if (result.reveal) json["reveal"] = true;
  if (result.unmeasured_speed) {
    json["unmeasured_speed"] = {{"policy", std::string(to_string(result.unmeasured_speed->policy))},
                                {"points", result.unmeasured_speed->points}};
  }
  if (result.efficiency) json["efficiency"] = efficiency_to_json(*result.efficiency);
  return json;
}

// ---- from JSON ----

Timing timing_from_json(const nlohmann::json& json) {
  return {json.at("samples").get<int>(),   json.at("median_ms").get<double>(), json.at("min_ms").get<double>(),
          json.at("max_ms").get<double>(), json.at("noise").get<double>(),     json.value("wall_ms", 0.0)};
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

EfficiencyResult efficiency_from_json(const nlohmann::json& json) {
  EfficiencyResult efficiency;
  efficiency.metric = efficiency_metric_from_string(json.at("metric").get<std::string>()).value();
  efficiency.value = optional_from_json<double>(json.at("value"));
  efficiency.full = json.at("full").get<double>();
  efficiency.zero = json.at("zero").get<double>();
  efficiency.points = json.at("points").get<double>();
  efficiency.max_points = json.at("max_points").get<double>();
  efficiency.counted_by = json.at("counted_by").get<std::string>();
  efficiency.size = json.at("size").get<std::vector<int64_t>>();
  // A report written before the recount has neither field.
  efficiency.recount_size = json.value("recount_size", std::vector<int64_t>{});
  if (json.contains("recount_value")) efficiency.recount_value = optional_from_json<double>(json.at("recount_value"));
  efficiency.grades_speed = json.at("grades").get<std::string>() == "speed";
  efficiency.note = json.at("note").get<std::string>();
  return efficiency;
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
  result.reveal = json.value("reveal", false);
  if (json.contains("unmeasured_speed")) {
    const nlohmann::json& unmeasured = json.at("unmeasured_speed");
    result.unmeasured_speed = UnmeasuredSpeed{
        speed_without_gpu_from_string(unmeasured.at("policy").get<std::string>()).value(),
        unmeasured.at("points").get<double>()};
  }
  if (json.contains("efficiency")) result.efficiency = efficiency_from_json(json.at("efficiency"));
  return result;
}

// Each line an object with named figures, so that other tools can read it (check --profile).
nlohmann::json profile_line_to_json(const AccessProfileLine& line) {
  nlohmann::json json = {
      {"line", line.line},
      {"source", line.source},
      {"memory", line.space == MemorySpace::kGlobal ? "global" : "shared"},
      {"access", line.store ? "store" : "load"},
      {"bytes_per_lane", line.bytes_per_lane},
      {"instructions", line.instructions},
      {"cost", describe_cost(line)},
      {"advice", line.advice},
  };
  if (line.space == MemorySpace::kGlobal) {
    json["sectors_per_request"] = line.per_request();
    json["ideal_sectors_per_request"] = line.ideal_per_request();
  } else {
    json["wavefronts_per_request"] = line.per_request();
    json["ideal_wavefronts_per_request"] = line.ideal_per_request();
    json["bank_conflict_ways"] = line.excess();
  }
  return json;
}

}  // namespace

nlohmann::json report_to_json(const GradeReport& report) {
  nlohmann::json json = {
      {"lab", report.lab},
      {"submission", report.submission},
      {"backend", report.backend},
      {"device", report.device},
      {"race_check", report.race_check},
      {"verdict", std::string(to_string(report.verdict))},
      {"score", report.score},
      {"max_score", report.max_score},
      {"build", {{"summary", report.build_summary}, {"log", report.build_log}}},
      {"grader",
       {{"version", report.graded_by.version},
        {"commit", report.graded_by.commit},
        {"cases_hash", report.graded_by.cases_hash}}},
  };
  json["cases"] = nlohmann::json::array();
  for (const CaseResult& result : report.cases) json["cases"].push_back(case_to_json(result));
  if (!report.profile.empty()) {
    json["profile"] = nlohmann::json::array();
    for (const AccessProfileLine& line : report.profile) json["profile"].push_back(profile_line_to_json(line));
  }
  return json;
}

std::string json_text(const nlohmann::json& document, int indent) {
  return document.dump(indent, ' ', false, nlohmann::json::error_handler_t::replace);
}

std::optional<GradeReport> report_from_json(const nlohmann::json& json, std::string& problem) {
  try {
    GradeReport report;
    report.lab = json.at("lab").get<std::string>();
    report.submission = json.at("submission").get<std::string>();
    report.backend = json.at("backend").get<std::string>();
    report.device = json.at("device").get<std::string>();
    report.race_check = json.value("race_check", "");  // results stored before 2026-11-24 lack it
    report.verdict = case_status_from_string(json.at("verdict").get<std::string>()).value();
    report.score = json.at("score").get<double>();
    report.max_score = json.at("max_score").get<double>();
    report.build_summary = json.at("build").at("summary").get<std::string>();
    report.build_log = json.at("build").at("log").get<std::string>();
    if (json.contains("grader")) {  // results stored before 2026-11-25 lack it
      const nlohmann::json& grader = json.at("grader");
      report.graded_by = {grader.at("version").get<std::string>(), grader.at("commit").get<std::string>(),
                          grader.at("cases_hash").get<std::string>()};
    }
    for (const nlohmann::json& result : json.at("cases")) report.cases.push_back(case_from_json(result));
    return report;
  } catch (const std::exception& error) {  // nlohmann's type and key errors, or an unknown status or kind
    problem = error.what();
    return std::nullopt;
  }
}


nlohmann::json student_to_json(const StudentResult& result) {
  nlohmann::json json = {
      {"student_id", result.student_id}, {"name", result.name},
      {"upload", result.upload},         {"status", std::string(to_string(result.status))},
      {"score", result.score},           {"max_score", result.max_score},
      {"message", result.message},       {"notes", result.notes},
      {"content_hash", result.content_hash}, {"cases_hash", result.cases_hash},
      {"grader_version", result.grader_version}, {"grader_commit", result.grader_commit},
      {"isolation", result.isolation},       {"id_source", result.id_source},
      {"uploaded_from", result.uploaded_from}, {"marked_late", result.marked_late},
  };
  if (result.uploaded_at) json["uploaded_at"] = *result.uploaded_at;
  json["report"] = result.report ? report_to_json(*result.report) : nlohmann::json();
  return json;
}

std::optional<StudentResult> student_from_json(const nlohmann::json& json) {
  try {
    StudentResult result;
    result.student_id = json.at("student_id").get<std::string>();
    result.name = json.at("name").get<std::string>();
    result.upload = json.at("upload").get<std::string>();
    result.status = student_status_from_string(json.at("status").get<std::string>()).value();
    result.score = json.at("score").get<double>();
    result.max_score = json.at("max_score").get<double>();
    result.message = json.at("message").get<std::string>();
    result.notes = json.at("notes").get<std::vector<std::string>>();
    result.content_hash = json.at("content_hash").get<std::string>();
    result.cases_hash = json.at("cases_hash").get<std::string>();
    result.isolation = json.at("isolation").get<std::string>();
    // Results stored before 2026-11-25 lack these.
    result.grader_version = json.value("grader_version", "");
    result.grader_commit = json.value("grader_commit", "");
    result.id_source = json.value("id_source", "");
    result.uploaded_from = json.value("uploaded_from", "");
    result.marked_late = json.value("marked_late", false);
    if (json.contains("uploaded_at")) result.uploaded_at = json.at("uploaded_at").get<int64_t>();
    if (!json.at("report").is_null()) {
      std::string problem;
      result.report = report_from_json(json.at("report"), problem);
      if (!result.report) return std::nullopt;
    }
    return result;
  } catch (const std::exception&) {  // written by another version, or damaged: grade the student again
    return std::nullopt;
  }
}

}  // namespace cudagrade
