#include "gradebook/late_policy.h"

#include <fmt/chrono.h>
#include <fmt/format.h>

#include <cmath>
#include <regex>
#include <sstream>

#include "gradebook/grades_csv.h"
#include "report/report_text.h"

namespace cudagrade {
namespace {

constexpr int64_t kDay = 24 * 60 * 60;

std::string trimmed(const std::string& text) {
  const size_t first = text.find_first_not_of(" \t\r");
  if (first == std::string::npos) return "";
  return text.substr(first, text.find_last_not_of(" \t\r") - first + 1);
}

// RFC 4180 fields of one line (overrides.csv never holds a line break: reasons are one line).
std::vector<std::string> csv_fields(const std::string& line) {
  std::vector<std::string> fields(1);
  bool quoted = false;
  for (size_t i = 0; i < line.size(); ++i) {
    const char c = line[i];
    if (quoted && c == '"' && i + 1 < line.size() && line[i + 1] == '"') {
      fields.back() += '"';
      ++i;
    } else if (c == '"') {
      quoted = !quoted;
    } else if (c == ',' && !quoted) {
      fields.emplace_back();
    } else {
      fields.back() += c;
    }
  }
  return fields;
}

}  // namespace

std::optional<WallClock> parse_wall_clock(const std::string& text) {
  static const std::regex kTime(R"((\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?)");
  std::smatch match;
  const std::string plain = trimmed(text);
  if (!std::regex_match(plain, match, kTime)) return std::nullopt;
  const std::chrono::year_month_day day{std::chrono::year(std::stoi(match[1])),
                                        std::chrono::month(static_cast<unsigned>(std::stoi(match[2]))),
                                        std::chrono::day(static_cast<unsigned>(std::stoi(match[3])))};
  if (!day.ok()) return std::nullopt;
  const int hours = match[4].matched ? std::stoi(match[4]) : 23;  // a date alone: the end of that day
  const int minutes = match[5].matched ? std::stoi(match[5]) : 59;
  const int seconds = match[6].matched ? std::stoi(match[6]) : (match[4].matched ? 0 : 59);
  if (hours > 23 || minutes > 59 || seconds > 59) return std::nullopt;
  return std::chrono::sys_days(day) + std::chrono::hours(hours) + std::chrono::minutes(minutes) +
         std::chrono::seconds(seconds);
}

std::string wall_clock_text(WallClock time) {
  return fmt::format("{:%Y-%m-%d %H:%M:%S}", time);
}

std::optional<LatePolicy> parse_late_policy(const std::string& text, const std::string& deadline, std::string& problem) {
  static const std::regex kPolicy(
      R"(\s*(\d+(?:\.\d+)?)\s*%\s*(?:/|per)\s*day\s*(?:,\s*max(?:imum)?\s+(\d+)\s+days?)?\s*)", std::regex::icase);
  std::smatch match;
  if (!std::regex_match(text, match, kPolicy)) {
    problem = fmt::format("late policy '{}': expected a penalty per day and an optional cap, as in "
                          "\"10%/day, max 3 days\"",
                          text);
    return std::nullopt;
  }
  LatePolicy policy;
  policy.percent_per_day = std::stod(match[1]);
  policy.max_days = match[2].matched ? std::stoi(match[2]) : 0;
  if (policy.percent_per_day > 100) {
    problem = fmt::format("late policy '{}': more than 100% a day", text);
    return std::nullopt;
  }
  const std::optional<WallClock> when = parse_wall_clock(deadline);
  if (!when) {
    problem = fmt::format("deadline '{}': expected \"YYYY-MM-DD HH:MM\" in the LMS's time zone", deadline);
    return std::nullopt;
  }
  policy.deadline = *when;
  return policy;
}

Lateness lateness_of(const LatePolicy& policy, WallClock deadline, const StudentResult& student) {
  Lateness lateness;
  const std::string extended = deadline != policy.deadline ? fmt::format(", extended to {}", wall_clock_text(deadline)) : "";
  if (!student.uploaded_at) {
    if (!student.marked_late) return lateness;
    // Canvas marks a late upload in its name but gives no time: one day, the least it can be.
    lateness.days = 1;
    lateness.describe = "late by the LMS's mark, at an unknown time: counted as 1 day";
  } else {
    const int64_t after = *student.uploaded_at - deadline.time_since_epoch().count();
    if (after <= 0) return lateness;
    lateness.days = static_cast<int>((after + kDay - 1) / kDay);
    lateness.describe = fmt::format("{} day{} late (uploaded {}, read from {}{})", lateness.days,
                                    lateness.days == 1 ? "" : "s",
                                    wall_clock_text(WallClock(std::chrono::seconds(*student.uploaded_at))),
                                    student.uploaded_from, extended);
  }
  if (policy.max_days > 0 && lateness.days > policy.max_days) {
    lateness.penalty_percent = 100;
    lateness.describe += fmt::format(": past the {}-day limit, no credit", policy.max_days);
  } else {
    lateness.penalty_percent = std::min(100.0, lateness.days * policy.percent_per_day);
    lateness.describe += fmt::format(": -{}%", points_text(lateness.penalty_percent));
  }
  return lateness;
}

Extensions parse_extensions(const std::string& text, const std::string& file_name) {
  Extensions extensions;
  std::istringstream lines(text);
  int number = 0;
  for (std::string line; std::getline(lines, line);) {
    ++number;
    line = trimmed(line.substr(0, line.find('#')));
    if (line.empty()) continue;
    const size_t space = line.find_first_of(" \t,");
    const std::optional<WallClock> until =
        space == std::string::npos ? std::nullopt : parse_wall_clock(trimmed(line.substr(space + 1)));
    if (!until) {
      extensions.problems.push_back(fmt::format("{}:{}: expected '<student id> <YYYY-MM-DD HH:MM>', not '{}'",
                                                file_name, number, line));
      continue;
    }
    extensions.deadlines[line.substr(0, space)] = *until;
  }
  return extensions;
}

std::map<std::string, ScoreOverride> parse_overrides(const std::string& csv, std::vector<std::string>& problems) {
  std::map<std::string, ScoreOverride> overrides;
  std::istringstream lines(csv);
  int number = 0;
  for (std::string line; std::getline(lines, line);) {
    ++number;
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (number == 1 || trimmed(line).empty()) continue;  // the header
    const std::vector<std::string> fields = csv_fields(line);
    char* end = nullptr;
    const double score = fields.size() == 3 ? std::strtod(fields[1].c_str(), &end) : NAN;
    if (fields.size() != 3 || end == fields[1].c_str() || *end != '\0' || !std::isfinite(score) ||
        fields[2].empty()) {
      problems.push_back(fmt::format("overrides.csv:{}: expected student_id,score,reason", number));
      continue;
    }
    overrides[fields[0]] = {score, fields[2]};
  }
  return overrides;
}

std::string overrides_csv(const std::map<std::string, ScoreOverride>& overrides) {
  std::string csv = "student_id,score,reason\r\n";
  for (const auto& [id, override] : overrides) {
    csv += fmt::format("{},{},{}\r\n", csv_field(id), csv_number(override.score), csv_field(override.reason));
  }
  return csv;
}

void apply_late_rules(std::vector<StudentResult>& results, const LateRules& rules) {
  for (StudentResult& student : results) {
    student.raw_score = student.score;
    if (rules.policy && student.report) {
      const auto extension = rules.extensions.find(student.student_id);
      const WallClock deadline = extension != rules.extensions.end() ? extension->second : rules.policy->deadline;
      const Lateness lateness = lateness_of(*rules.policy, deadline, student);
      student.lateness = lateness.describe;
      student.late_penalty = student.score * lateness.penalty_percent / 100;
      student.score -= student.late_penalty;
    }
    if (const auto override = rules.overrides.find(student.student_id); override != rules.overrides.end()) {
      student.score = override->second.score;
      student.override_reason = override->second.reason;
    }
  }
}

}  // namespace cudagrade
