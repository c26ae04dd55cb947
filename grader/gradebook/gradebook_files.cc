#include "gradebook/gradebook_files.h"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "core/files.h"
#include "gradebook/grades_csv.h"
#include "gradebook/roster.h"
#include "gradebook/similarity_json.h"
#include "gradebook/similarity_section.h"
#include "gradebook/student_report.h"
#include "gradebook/summary_page.h"
#include "report/report_json.h"

namespace cudagrade {
namespace {

constexpr int kRosterVersion = 1;

nlohmann::json late_json(const LateRules& late) {
  nlohmann::json json = nlohmann::json::object();
  if (late.policy) {
    json["deadline"] = wall_clock_text(late.policy->deadline);
    json["percent_per_day"] = late.policy->percent_per_day;
    json["max_days"] = late.policy->max_days;
  }
  json["extensions"] = nlohmann::json::object();
  for (const auto& [id, until] : late.extensions) json["extensions"][id] = wall_clock_text(until);
  return json;
}

LateRules late_from_json(const nlohmann::json& json) {
  LateRules late;
  if (json.contains("deadline")) {
    late.policy = LatePolicy{parse_wall_clock(json.at("deadline").get<std::string>()).value(),
                             json.at("percent_per_day").get<double>(), json.at("max_days").get<int>()};
  }
  for (const auto& [id, until] : json.at("extensions").items()) {
    late.extensions[id] = parse_wall_clock(until.get<std::string>()).value();
  }
  return late;
}

std::string roster_json(const Gradebook& gradebook) {
  const Roster roster = make_roster(gradebook.results);
  nlohmann::json json = {{"version", kRosterVersion}, {"lab", gradebook.lab}, {"late", late_json(gradebook.late)}};
  json["similarity"] = {{"enabled", gradebook.similarity.enabled}, {"floor", gradebook.similarity.floor}};
  json["current"] = nlohmann::json::array();
  for (const StudentResult* student : roster.current) json["current"].push_back(student->student_id);
  json["superseded"] = nlohmann::json::array();
  for (const StudentResult* student : roster.superseded) json["superseded"].push_back(student_to_json(*student));
  return json_text(json) + "\n";
}

}  // namespace

// The late rules with the overrides in OUT/overrides.csv; a line that cannot be read is refused loudly, since
// a silently dropped override is a wrong grade.
static LateRules rules_with_overrides(const OutputLayout& layout, LateRules rules) {
  if (std::optional<std::string> csv = try_read_file(layout.overrides_csv())) {
    std::vector<std::string> problems;
    rules.overrides = parse_overrides(*csv, problems);
    if (!problems.empty()) {
      throw std::runtime_error(layout.overrides_csv().string() + ": " + problems.front());
    }
  }
  return rules;
}

WrittenGradebook write_gradebook_files(const OutputLayout& layout, const Gradebook& stored) {
  Gradebook gradebook = stored;
  apply_late_rules(gradebook.results, rules_with_overrides(layout, gradebook.late));
  const bool late_columns = gradebook.late.policy.has_value() || std::filesystem::exists(layout.overrides_csv());
  for (const StudentResult& result : gradebook.results) {
    if (is_superseded(result)) continue;
    const std::filesystem::path dir = layout.student_dir(result.student_id);
    std::filesystem::create_directories(dir);
    if (auto graded = gradebook.graded_files.find(result.student_id); graded != gradebook.graded_files.end()) {
      if (std::optional<std::string> source = try_read_file(graded->second)) {
        write_atomically(dir / OutputLayout::kSourceCopy, *source);
      }
    }
    const std::optional<std::string> source = result.report ? try_read_file(dir / OutputLayout::kSourceCopy)
                                                            : std::nullopt;
    write_atomically(dir / OutputLayout::kReportMarkdown, student_report_markdown(result));
    write_atomically(dir / OutputLayout::kReportHtml,
                     student_report_html(result, source ? std::optional<std::string_view>(*source) : std::nullopt));
    write_atomically(dir / OutputLayout::kCompileLog, result.report ? result.report->build_log : std::string());
  }
  write_atomically(layout.grades_csv(), grades_csv(gradebook.results, late_columns));
  write_atomically(layout.superseded_csv(), superseded_csv(gradebook.results));
  // After the graded files are copied in: the check reads them from the students' folders.
  const std::optional<SimilarityReport> similarity =
      similarity_report(layout, make_roster(gradebook.results).current, gradebook.similarity);
  if (similarity) {
    write_atomically(layout.similarity_json(), similarity_json(*similarity));
  } else {
    std::filesystem::remove(layout.similarity_json());  // an earlier run's would read as this one's
  }
  write_atomically(layout.summary_html(),
                   summary_html(gradebook.results, gradebook.lab, {}, similarity_section_html(similarity)));
  write_atomically(layout.roster_json(), roster_json(gradebook));
  return {similarity ? std::optional<int>(similarity->result.flagged_count()) : std::nullopt};
}

std::string similarity_line(const OutputLayout& layout, const WrittenGradebook& written) {
  if (!written.similar_pairs) return "";
  const int pairs = *written.similar_pairs;
  return fmt::format("similarity: {} pair{} of files flagged as unusually similar, a hint to read and never a grade "
                     "(summary.html#similarity, {})\n",
                     pairs, pairs == 1 ? "" : "s", layout.similarity_json().string());
}

std::optional<GradebookRoster> read_gradebook_roster(const OutputLayout& layout, std::string& problem) {
  const std::optional<std::string> text = try_read_file(layout.roster_json());
  if (!text) {
    problem = layout.roster_json().string() + " is missing: is " + layout.out().string() +
              " the --out folder of a finished `cudagrade grade`?";
    return std::nullopt;
  }
  const nlohmann::json json = nlohmann::json::parse(*text, nullptr, /*allow_exceptions=*/false);
  try {
    if (json.is_discarded() || json.at("version").get<int>() != kRosterVersion) throw std::runtime_error("");
    GradebookRoster roster;
    roster.lab = json.at("lab").get<std::string>();
    if (json.contains("late")) roster.late = late_from_json(json.at("late"));
    if (json.contains("similarity")) {
      roster.similarity = SimilarityOptions{json.at("similarity").at("enabled").get<bool>(),
                                            json.at("similarity").at("floor").get<double>(), {}};
    }
    roster.current_ids = json.at("current").get<std::vector<std::string>>();
    for (const nlohmann::json& student : json.at("superseded")) {
      std::optional<StudentResult> result = student_from_json(student);
      if (!result) throw std::runtime_error("");
      roster.superseded.push_back(std::move(*result));
    }
    return roster;
  } catch (const std::exception&) {
    problem = layout.roster_json().string() + " cannot be read (damaged, or written by another version): "
                                              "grade the class again with --resume to rewrite it";
    return std::nullopt;
  }
}

}  // namespace cudagrade
