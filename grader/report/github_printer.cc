#include "report/github_printer.h"

#include <fmt/format.h>

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <fstream>
#include <optional>
#include <random>
#include <regex>
#include <sstream>
#include <stdexcept>
#include <utility>

#include "report/escape.h"
#include "report/markdown.h"
#include "report/json_printer.h"
#include "report/report_text.h"

namespace cudagrade {
namespace {

using Properties = std::vector<std::pair<std::string, std::string>>;

std::string replace_all(std::string text, std::string_view from, std::string_view to) {
  for (size_t at = 0; (at = text.find(from, at)) != std::string::npos; at += to.size()) {
    text.replace(at, from.size(), to);
  }
  return text;
}

bool failed(CaseStatus status) {
  return status != CaseStatus::kPassed && status != CaseStatus::kSkipped;
}

std::string workflow_command(std::string_view command, const Properties& properties, std::string_view message) {
  std::string line = "::" + std::string(command);
  for (size_t i = 0; i < properties.size(); ++i) {
    line += (i == 0 ? " " : ",") + properties[i].first + "=" + escape_workflow_property(properties[i].second);
  }
  return line + "::" + escape_workflow_data(message) + "\n";
}

// nvcc compiles a copy of the submission under the lab's file name ("<lab>.cu"), so that name is the
// student's file. Anything else is the grader's (a header, or the harness when the grader itself is broken)
// and no place for an annotation in the student's repository.
std::optional<std::string> student_file(const std::string& file, const GradeReport& report) {
  if (!report.compiled_as.empty() && file == report.compiled_as) return report.submission;
  return std::nullopt;
}

struct Annotation {
  std::string command;  // "error" or "warning"
  Properties properties;
  std::string message;
};

void compiler_annotations(const GradeReport& report, std::vector<Annotation>& out) {
  bool located_error = false;
  for (const CompilerDiagnostic& diagnostic : parse_compiler_diagnostics(report.build_log)) {
    const std::optional<std::string> file = student_file(diagnostic.file, report);
    if (!file) continue;
    located_error = located_error || diagnostic.error;
    out.push_back({diagnostic.error ? "error" : "warning",
                   {{"file", *file},
                    {"line", std::to_string(diagnostic.line)},
                    {"title", diagnostic.error ? "compile error" : "compiler warning"}},
                   diagnostic.message});
  }
  // A link error or a compiler that died names no line; the student still needs to see why.
  if (report.verdict == CaseStatus::kCompileError && !located_error) {
    out.push_back({"error", {{"file", report.submission}, {"title", "compile error"}}, report.build_summary});
  }
}

// Cases that failed the same way (every case, when there is no GPU) are one annotation, not a wall of them.
struct FailureGroup {
  CaseStatus status;
  std::string message;
  std::string details;
  std::vector<std::string> names;
};

std::vector<FailureGroup> failure_groups(const GradeReport& report) {
  std::vector<FailureGroup> groups;
  for (const CaseResult& result : report.cases) {
    if (!failed(result.status)) continue;
    auto same = [&](const FailureGroup& group) {
      return group.status == result.status && group.message == result.message && group.details == result.details;
    };
    auto group = std::find_if(groups.begin(), groups.end(), same);
    if (group == groups.end()) {
      groups.push_back({result.status, result.message, result.details, {}});
      group = groups.end() - 1;
    }
    group->names.push_back(result.name);
  }
  return groups;
}

std::string group_title(const FailureGroup& group) {
  return fmt::format("{}: {}", fmt::join(group.names, ", "), to_string(group.status));
}

std::string status_mark(CaseStatus status) {
  if (status == CaseStatus::kPassed) return "✅";
  if (status == CaseStatus::kSkipped) return "➖";
  if (status == CaseStatus::kInfraError) return "⚠️";
  return "❌";
}

// One line of text that can sit in a table cell: its first line, short, with nothing that ends the cell.
std::string table_cell(std::string_view text) {
  return markdown_cell(text, 100);
}

// GitHub refuses a step summary over 1 MiB: a flood of program output is cut, and says so.
std::string details_block(const std::string& summary, const std::string& body, bool open) {
  constexpr size_t kLimit = 16 * 1024;
  return markdown_details(summary, "<pre>\n" + html_text(clipped(body, kLimit)) + "\n</pre>\n", open) + "\n";
}

std::string case_table(const GradeReport& report) {
  std::vector<std::vector<std::string>> rows;
  for (const CaseResult& result : report.cases) {
    rows.push_back({table_cell(result.name), std::string(to_string(result.kind)), size_text(result.size),
                    status_mark(result.status) + " " + std::string(to_string(result.status)),
                    points_text(result.points) + " / " + points_text(result.max_points),
                    fmt::format("{:.1f} ms", result.elapsed_ms), table_cell(result.message)});
  }
  return markdown_table({"case", "kind", "size", "status", "points", "time", "message"},
                        {false, false, false, false, true, true, false}, rows) +
         "\n";
}

std::vector<std::string> speed_row(const CaseResult& result) {
  const SpeedWords words = speed_words(*result.speed);
  std::vector<std::string> baselines;
  for (const auto& [name, median_ms] : words.baselines) baselines.push_back(fmt::format("{} {} ms", name, median_ms));
  return {table_cell(result.name),
          words.median_ms,
          words.samples,
          words.spread_percent + "%",
          words.gflops,
          words.gbps,
          table_cell(words.reference),
          words.ratio.empty() ? "" : words.ratio + "x",
          table_cell(fmt::format("{}", fmt::join(baselines, ", "))),
          table_cell(words.points + (words.note.empty() ? "" : " (" + words.note + ")"))};
}

std::string speed_section(const GradeReport& report) {
  std::vector<std::vector<std::string>> rows;
  for (const CaseResult& result : report.cases) {
    if (result.speed) rows.push_back(speed_row(result));
  }
  if (rows.empty()) return "";
  return "### Speed\n\n" +
         markdown_table({"case", "median ms", "samples", "spread", "GFLOP/s", "GB/s", "reference", "time ratio",
                         "baselines", "speed points"},
                        {false, true, true, true, true, true, false, true, false, false}, rows) +
         "\n";
}

// What the simulator counted for each efficiency rule, and the points it gave.
std::string efficiency_section(const GradeReport& report) {
  std::vector<std::vector<std::string>> rows;
  for (const CaseResult& result : report.cases) {
    if (!result.efficiency) continue;
    const EfficiencyResult& efficiency = *result.efficiency;
    const std::string points = fmt::format("{} / {}{}", points_text(efficiency.points), points_text(efficiency.max_points),
                                           efficiency.grades_speed ? " (speed)" : "");
    rows.push_back({table_cell(result.name), std::string(to_string(efficiency.metric)),
                    efficiency.value ? fmt::format("{:.2f}", *efficiency.value) : "-",
                    fmt::format("{:g}", efficiency.full), fmt::format("{:g}", efficiency.zero), points,
                    table_cell(efficiency.counted_by.empty() ? efficiency.note : efficiency.counted_by)});
  }
  if (rows.empty()) return "";
  return "### Efficiency\n\n" +
         markdown_table({"case", "metric", "figure", "full points at or under", "none at or over", "points",
                         "counted by"},
                        {false, false, true, true, true, true, false}, rows) +
         "\n";
}

std::string failures_section(const GradeReport& report) {
  std::string md;
  for (const FailureGroup& group : failure_groups(report)) {
    if (group.status == CaseStatus::kCompileError) continue;  // the compiler's output follows, open
    md += details_block(group_title(group),
                        group.details.empty() ? group.message : group.message + "\n\n" + group.details, false);
  }
  return md.empty() ? "" : "### Failures\n\n" + md;
}

std::string classroom_status(CaseStatus status) {
  if (status == CaseStatus::kPassed) return "pass";
  if (status == CaseStatus::kInfraError) return "error";
  return "fail";  // a skipped case earned none of its points either
}

nlohmann::json classroom_test(const CaseResult& result, const GradeReport& report) {
  const std::string message = result.details.empty() ? result.message : result.message + "\n" + result.details;
  return {{"name", result.name},
          {"status", classroom_status(result.status)},
          {"score", result.points},
          {"max_score", result.max_points},
          {"message", message},
          {"test_code", fmt::format("{} {} {}", report.lab, to_string(result.kind), size_text(result.size))},
          {"filename", report.submission},
          {"line_no", 0},
          {"duration", result.elapsed_ms}};
}

void append_to_file_named_by(const char* variable, const std::string& text) {
  const char* path = std::getenv(variable);
  if (path == nullptr || *path == '\0') return;
  std::ofstream file(path, std::ios::app | std::ios::binary);
  file << text;
  if (!file.flush()) throw std::runtime_error(fmt::format("cannot append to ${} ({})", variable, path));
}

// A token nobody else can know, so that nothing quoted inside the summary can switch workflow commands back on.
std::string random_token() {
  std::random_device random;
  return fmt::format("cudagrade-{:08x}{:08x}{:08x}{:08x}", random(), random(), random(), random());
}

}  // namespace

std::vector<CompilerDiagnostic> parse_compiler_diagnostics(const std::string& log) {
  static const std::regex nvcc(R"(^(.+)\((\d+)\): (catastrophic error|error|warning)(?: #[\w-]+)?: (.*)$)");
  static const std::regex host(R"(^(.+?):(\d+):(?:\d+:)? (fatal error|error|warning): (.*)$)");
  // std::regex recurses once per character and overflows the stack on a line of some 100 kB, which nvcc
  // prints when it quotes a student's long source line. No diagnostic is that long; quoted source is cut.
  constexpr size_t kLongestMatched = 4096;
  constexpr size_t kLongestQuoted = 400;
  std::vector<CompilerDiagnostic> diagnostics;
  bool continuing = false;  // lines after a diagnostic (the source line, "detected during ...") belong to it
  std::istringstream lines(log);
  std::string line;
  while (std::getline(lines, line)) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    std::smatch match;
    const bool matchable = line.size() <= kLongestMatched;
    if (matchable && (std::regex_match(line, match, nvcc) || std::regex_match(line, match, host))) {
      diagnostics.push_back({match[1], std::stoi(match[2]), match[3] != "warning", match[4]});
      continuing = true;
    } else if (line.find_first_not_of(" \t") == std::string::npos ||
               line.find(" detected in the compilation") != std::string::npos) {
      continuing = false;
    } else if (continuing && line.find_first_not_of(" \t^") != std::string::npos) {  // not the caret under it
      diagnostics.back().message +=
          "\n" + (line.size() <= kLongestQuoted ? line : line.substr(0, kLongestQuoted) + "...");
    }
  }
  return diagnostics;
}

std::string escape_workflow_data(std::string_view text) {
  return replace_all(replace_all(replace_all(std::string(text), "%", "%25"), "\r", "%0D"), "\n", "%0A");
}

std::string escape_workflow_property(std::string_view text) {
  return replace_all(replace_all(escape_workflow_data(text), ":", "%3A"), ",", "%2C");
}

// A failure whose message names lines of the student's file (a race's two accesses, a rejected #include, a
// crash's line) is annotated on each of them; any other once, without a place.
void failure_annotations(const GradeReport& report, std::vector<Annotation>& out) {
  for (const FailureGroup& group : failure_groups(report)) {
    if (group.status == CaseStatus::kCompileError) continue;  // the compiler's own annotations say it better
    const std::vector<int> lines = student_lines_in(group.message, report.compiled_as);
    if (lines.empty()) out.push_back({"error", {{"title", group_title(group)}}, group.message});
    for (int line : lines) {
      out.push_back({"error",
                     {{"file", report.submission}, {"line", std::to_string(line)}, {"title", group_title(group)}},
                     group.message});
    }
  }
}

// GitHub shows at most 10 error and 10 warning annotations of a step and drops the rest without a word: past
// 10 of a kind, the 10th says what the others were.
std::string folded(const std::vector<Annotation>& annotations) {
  constexpr size_t kShown = 10;
  std::string out;
  for (const char* command : {"warning", "error"}) {
    std::vector<const Annotation*> of_kind;
    for (const Annotation& annotation : annotations) {
      if (annotation.command == command) of_kind.push_back(&annotation);
    }
    const size_t direct = of_kind.size() > kShown ? kShown - 1 : of_kind.size();
    for (size_t i = 0; i < direct; ++i) out += workflow_command(command, of_kind[i]->properties, of_kind[i]->message);
    if (direct == of_kind.size()) continue;
    std::string rest;
    for (size_t i = direct; i < of_kind.size(); ++i) {
      std::string place;
      for (const auto& [key, value] : of_kind[i]->properties) {
        if (key == "line") place = "line " + value + ": ";
      }
      rest += place + headline(of_kind[i]->message, 200) + "\n";
    }
    out += workflow_command(command,
                            {{"title", fmt::format("{} more {}s (GitHub shows 10)", of_kind.size() - direct, command)}},
                            rest);
  }
  return out;
}

std::string github_annotations(const GradeReport& report) {
  std::vector<Annotation> annotations;
  compiler_annotations(report, annotations);
  failure_annotations(report, annotations);
  return folded(annotations);
}

std::string github_step_summary(const GradeReport& report) {
  std::string md = fmt::format("## {} {}: {}, {} / {} points\n\n", status_mark(report.verdict), report.lab,
                               to_string(report.verdict), points_text(report.score), points_text(report.max_score));
  md += fmt::format("<code>{}</code> on {} ({} backend); build: {}<br>{}\n\n", html_text(report.submission),
                    html_text(report.device), html_text(report.backend), html_text(report.build_summary),
                    html_text(graded_by_text(report.graded_by)));
  md += case_table(report) + speed_section(report) + efficiency_section(report) + failures_section(report);
  if (!report.build_log.empty()) {
    md += details_block("compiler output", report.build_log, report.verdict == CaseStatus::kCompileError);
  }
  return md;
}

nlohmann::json github_classroom_result(const GradeReport& report) {
  nlohmann::json tests = nlohmann::json::array();
  for (const CaseResult& result : report.cases) tests.push_back(classroom_test(result, report));
  // The verdict decides, as it does the exit code: a submission whose cases were all skipped has not failed.
  const CaseStatus verdict = report.verdict == CaseStatus::kSkipped ? CaseStatus::kPassed : report.verdict;
  return {{"version", 1}, {"status", classroom_status(verdict)}, {"max_score", report.max_score}, {"tests", tests}};
}

std::string github_classroom_output_line(const GradeReport& report) {
  return "result=" + base64_encode(json_text(github_classroom_result(report), -1));
}

std::string base64_encode(std::string_view bytes) {
  static constexpr char kAlphabet[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  std::string out;
  out.reserve((bytes.size() + 2) / 3 * 4);
  for (size_t at = 0; at < bytes.size(); at += 3) {
    const size_t taken = std::min<size_t>(3, bytes.size() - at);
    uint32_t group = 0;
    for (size_t i = 0; i < 3; ++i) group = group << 8 | (i < taken ? static_cast<unsigned char>(bytes[at + i]) : 0);
    for (size_t i = 0; i < 4; ++i) out += i <= taken ? kAlphabet[(group >> (18 - 6 * i)) & 0x3F] : '=';
  }
  return out;
}

void publish_github_files(const GradeReport& report) {
  append_to_file_named_by("GITHUB_STEP_SUMMARY", github_step_summary(report));
  append_to_file_named_by("GITHUB_OUTPUT", github_classroom_output_line(report) + "\n");
}

// The summary quotes what the submission printed, and a line of that starting with "::" would otherwise run
// as a workflow command (a forged annotation, say): commands stay off until a token only this run knows.
void GithubPrinter::print(const GradeReport& report) {
  const std::string token = random_token();
  out_ << github_annotations(report) << "::stop-commands::" << token << "\n"
       << github_step_summary(report) << "::" << token << "::\n";
  out_.flush();
  publish_github_files(report);
}

}  // namespace cudagrade
