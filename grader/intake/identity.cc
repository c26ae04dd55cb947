#include "intake/identity.h"

#include <fmt/format.h>

#include <cstdio>
#include <string_view>

namespace cudagrade {
namespace {

using Role = Identity::Role;

// Blackboard's attempt stamp, e.g. 2023-10-05-12-34-56.
constexpr const char* kStamp = R"((\d{4}-\d{2}-\d{2}-\d{2}-\d{2}-\d{2}))";
constexpr const char* kArchiveExtension = R"(\.(?:zip|tar|tgz|tar\.gz|tar\.bz2|tar\.xz|7z|rar))";

std::optional<std::chrono::sys_seconds> parse_stamp(const std::string& text) {
  int year = 0, month = 0, day = 0, hour = 0, minute = 0, second = 0;
  if (std::sscanf(text.c_str(), "%d-%d-%d-%d-%d-%d", &year, &month, &day, &hour, &minute, &second) != 6) {
    return std::nullopt;
  }
  const std::chrono::year_month_day date{std::chrono::year(year), std::chrono::month(static_cast<unsigned>(month)),
                                         std::chrono::day(static_cast<unsigned>(day))};
  if (!date.ok() || hour > 23 || minute > 59 || second > 60) return std::nullopt;
  return std::chrono::sys_days(date) + std::chrono::hours(hour) + std::chrono::minutes(minute) +
         std::chrono::seconds(second);
}

// Canvas keeps every resubmission of <lab>.cu, renaming the later ones <lab>-1.cu, <lab>-2.cu, ...
std::string without_copy_number(const std::string& file) {
  static const std::regex numbered(R"(^(.+)-\d+(\.[^.]*)?$)");
  std::smatch match;
  return std::regex_match(file, match, numbered) ? match[1].str() + match[2].str() : file;
}

std::string trimmed(const std::string& text) {
  const size_t first = text.find_first_not_of(" \t");
  if (first == std::string::npos) return "";
  return text.substr(first, text.find_last_not_of(" \t") - first + 1);
}

bool ends_with(std::string_view text, std::string_view suffix) {
  return text.size() > suffix.size() && text.substr(text.size() - suffix.size()) == suffix;
}

std::string stem(const std::string& name, UploadShape shape) {
  if (shape == UploadShape::kFolder) return name;
  for (std::string_view extension : {".tar.gz", ".tar.bz2", ".tar.xz", ".tar.zst", ".tgz", ".zip", ".tar", ".7z", ".rar"}) {
    if (ends_with(name, extension)) return name.substr(0, name.size() - extension.size());
  }
  const size_t dot = name.rfind('.');
  return dot == std::string::npos || dot == 0 ? name : name.substr(0, dot);
}

std::string regex_escaped(char c) {
  return std::string_view(R"(\^$.|?*+()[]{})").find(c) == std::string_view::npos ? std::string(1, c)
                                                                                   : std::string("\\") + c;
}

CustomPattern invalid(std::string message) { return {CustomPattern::Outcome::kInvalid, std::nullopt, std::move(message)}; }

CustomPattern custom_regex(const std::string& expression) {
  NamePattern pattern;
  pattern.label = "custom";
  try {
    pattern.regex = std::regex(expression);
  } catch (const std::regex_error& error) {
    return invalid(fmt::format("the pattern \"{}\" is not a valid regex: {}", expression, error.what()));
  }
  if (pattern.regex.mark_count() < 1) return invalid(fmt::format("the regex \"{}\" has no group for the id", expression));
  pattern.id_group = 1;
  pattern.name_group = pattern.regex.mark_count() >= 2 ? 2 : 0;
  return {CustomPattern::Outcome::kValid, std::move(pattern), ""};
}

CustomPattern custom_template(const std::string& spec) {
  NamePattern pattern;
  pattern.label = "custom";
  std::string expression;
  int groups = 0;
  for (size_t i = 0; i < spec.size(); ++i) {
    if (spec[i] != '{') {
      expression += regex_escaped(spec[i]);
      continue;
    }
    const size_t close = spec.find('}', i);
    if (close == std::string::npos) return invalid(fmt::format("the pattern \"{}\" has a '{{' without its '}}'", spec));
    const std::string placeholder = spec.substr(i + 1, close - i - 1);
    i = close;
    if (placeholder == "*") {
      expression += ".*?";
      continue;
    }
    int* group = placeholder == "id" ? &pattern.id_group : placeholder == "name" ? &pattern.name_group
                 : placeholder == "file" ? &pattern.file_group : nullptr;
    if (group == nullptr) {
      return invalid(fmt::format("the pattern \"{}\" has {{{}}}; the placeholders are {{id}}, {{name}}, {{file}} and {{*}}",
                                 spec, placeholder));
    }
    if (*group != 0) return invalid(fmt::format("the pattern \"{}\" has {{{}}} twice", spec, placeholder));
    *group = ++groups;
    expression += placeholder == "file" ? "(.*)" : "(.+?)";
  }
  if (pattern.id_group == 0) return invalid(fmt::format("the pattern \"{}\" has no {{id}}", spec));
  pattern.regex = std::regex(expression);
  return {CustomPattern::Outcome::kValid, std::move(pattern), ""};
}

}  // namespace

std::vector<NamePattern> lms_patterns() {
  const std::string stamp = kStamp;
  return {
      {.label = "blackboard",
       .regex = std::regex("^(.+)_([^_]+)_attempt_" + stamp + R"(\.txt$)"),
       .id_group = 2, .time_group = 3, .role = Role::kReceipt},
      {.label = "blackboard",
       .regex = std::regex("^(.+)_([^_]+)_attempt_" + stamp + "(?:_(.+))?$"),
       .id_group = 2, .time_group = 3, .file_group = 4},
      {.label = "moodle",
       .regex = std::regex(R"(^(.+)_(\d+)_assignsubmission_(?:file|onlinetext)_(.*)$)"),
       .id_group = 2, .name_group = 1, .file_group = 3},
      {.label = "canvas",
       .regex = std::regex(R"(^([^_]+?)(_[Ll][Aa][Tt][Ee])?_(\d+)_(\d+)_(.+)$)"),
       .id_group = 3, .name_group = 1, .late_group = 2, .file_group = 5,
       .copy_number = NamePattern::CopyNumber::kDropped},
      {.label = "blackboard",
       .regex = std::regex(std::string(R"(^(.+)_(\d+)_([^_]+))") + kArchiveExtension + "$"),
       .id_group = 2, .name_group = 3},
  };
}

CustomPattern parse_custom_pattern(const std::string& spec) {
  constexpr std::string_view kRegexPrefix = "regex:";
  if (spec.compare(0, kRegexPrefix.size(), kRegexPrefix) == 0) return custom_regex(spec.substr(kRegexPrefix.size()));
  return custom_template(spec);
}

Identity identify(const std::string& upload_name, UploadShape shape, const std::vector<NamePattern>& patterns) {
  for (const NamePattern& pattern : patterns) {
    std::smatch match;
    if (!std::regex_match(upload_name, match, pattern.regex)) continue;
    const auto group = [&](int index) {
      return index > 0 && static_cast<size_t>(index) < match.size() && match[index].matched ? match[index].str()
                                                                                           : std::string();
    };
    Identity identity;
    identity.id = trimmed(group(pattern.id_group));
    if (identity.id.empty()) continue;
    identity.name = trimmed(group(pattern.name_group));
    identity.pattern = pattern.label;
    identity.role = pattern.role;
    identity.file = group(pattern.file_group);
    if (pattern.copy_number == NamePattern::CopyNumber::kDropped) identity.file = without_copy_number(identity.file);
    if (!group(pattern.late_group).empty()) identity.lateness = Identity::Lateness::kLate;
    if (pattern.time_group > 0) {
      identity.submitted = parse_stamp(group(pattern.time_group));
      if (!identity.submitted) {
        identity.notes.push_back(fmt::format("the time \"{}\" in the name is no valid date; the file's own time is used",
                                             group(pattern.time_group)));
      }
    }
    return identity;
  }
  Identity identity;
  identity.id = stem(upload_name, shape);
  identity.pattern = "file-stem";
  identity.notes.push_back(fmt::format("the name \"{}\" matches no LMS pattern; \"{}\" is taken as the student id",
                                       upload_name, identity.id));
  return identity;
}

}  // namespace cudagrade
