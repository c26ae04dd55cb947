#include "gradebook/student_report.h"

#include <fmt/format.h>

#include <algorithm>
#include <utility>
#include <vector>

#include "gradebook/html_page.h"
#include "gradebook/source_view.h"
#include "report/escape.h"
#include "report/markdown.h"
#include "report/report_text.h"

namespace cudagrade {
namespace {

// Enough for every error a real build prints; a flood (a template error repeated for every instantiation, a
// kernel printf in a loop) is cut so that the page stays readable.
constexpr size_t kLogLimit = 64 * 1024;
constexpr size_t kDetailsLimit = 16 * 1024;

using Fields = std::vector<std::pair<std::string, std::string>>;  // label, plain text

std::string title_of(const StudentResult& student) {
  const std::string who = student.name.empty() ? student.student_id : student.name + " (" + student.student_id + ")";
  return student.report ? student.report->lab + ": " + who : who;
}

std::string score_of(const StudentResult& student) {
  return points_text(student.score) + " / " + points_text(student.max_score);
}

// The identity and outcome of the submission, in the order an instructor reads them.
Fields overview(const StudentResult& student) {
  Fields fields = {{"student id", student.student_id}, {"name", student.name},       {"upload", student.upload},
                   {"status", std::string(to_string(student.status))},         {"score", score_of(student)}, {"message", student.message}};
  // Late work and overrides (gradebook/late_policy.h): the score above is the final one; these say how.
  if (student.raw_score && *student.raw_score != student.score) {
    fields.push_back({"raw score", points_text(*student.raw_score) + " / " + points_text(student.max_score)});
  }
  if (!student.lateness.empty()) {
    fields.push_back({"lateness", student.lateness + " (" + points_text(student.late_penalty) + " points)"});
  }
  if (!student.override_reason.empty()) fields.push_back({"score set by the instructor", student.override_reason});
  if (student.report) {
    const GradeReport& report = *student.report;
    fields.push_back({"graded file", report.submission});
    fields.push_back({"backend", report.backend + (report.device.empty() ? "" : " on " + report.device)});
    fields.push_back({"build", report.build_summary});
  }
  if (!student.isolation.empty()) fields.push_back({"isolation", student.isolation});
  if (!student.content_hash.empty()) fields.push_back({"file hash", student.content_hash});
  if (!student.cases_hash.empty()) fields.push_back({"test cases hash", student.cases_hash});
  if (!student.grader_version.empty())
    fields.push_back({"grader", "cudagrade " + student.grader_version + " (commit " + student.grader_commit + ")"});
  return fields;
}

bool has_details(const CaseResult& result) {
  return !result.details.empty() || result.speed.has_value();
}

std::string case_points(const CaseResult& result) {
  return points_text(result.points) + " / " + points_text(result.max_points);
}

std::string case_name(const CaseResult& result) {
  return result.hidden ? result.name + " (hidden)" : result.name;
}

// ---- Markdown ----

std::string md_overview(const StudentResult& student) {
  std::vector<std::vector<std::string>> rows;
  for (const auto& [label, value] : overview(student)) rows.push_back({label, markdown_inline(value)});
  std::string md = markdown_table({"", ""}, {false, false}, rows);
  // A multi-line message (a compile error's summary with its source line) is shown whole below the table.
  if (student.message.find('\n') != std::string::npos) md += "\nMessage:\n\n" + markdown_fence(student.message);
  if (!student.notes.empty()) {
    md += "\nNotes:\n\n";
    for (const std::string& note : student.notes) md += "- " + markdown_inline(note) + "\n";
  }
  return md + "\n";
}

std::string md_cases(const GradeReport& report) {
  std::vector<std::vector<std::string>> rows;
  for (const CaseResult& result : report.cases) {
    rows.push_back({markdown_inline(case_name(result)), std::string(to_string(result.kind)), size_text(result.size),
                    std::string(to_string(result.status)), case_points(result),
                    fmt::format("{:.1f} ms", result.elapsed_ms), markdown_inline(headline(result.message, 120))});
  }
  std::string md = "## Cases\n\n" +
                   markdown_table({"case", "kind", "size", "status", "points", "time", "message"},
                                  {false, false, false, false, true, true, false}, rows) +
                   "\n";
  for (const CaseResult& result : report.cases) {
    if (!has_details(result)) continue;
    md += fmt::format("### {}: {}\n\n", markdown_inline(case_name(result)), to_string(result.status));
    if (!result.message.empty()) md += markdown_fence(result.message) + "\n";
    if (!result.details.empty()) md += markdown_fence(clipped(result.details, kDetailsLimit)) + "\n";
    if (result.speed) md += "Speed: " + markdown_inline(speed_line(*result.speed)) + "\n\n";
    if (result.efficiency) md += "Efficiency: " + markdown_inline(efficiency_line(*result.efficiency)) + "\n\n";
  }
  return md;
}

// GitHub and most Markdown viewers fold <details>; the blank lines let the fence inside it be Markdown.
std::string md_build_log(const GradeReport& report) {
  if (report.build_log.empty()) return "";
  return markdown_details("Compile log", markdown_fence(clipped(report.build_log, kLogLimit)),
                          report.verdict == CaseStatus::kCompileError);
}

// ---- HTML ----

std::string html_block(std::string_view text) {
  return "<pre>" + html_text(text) + "</pre>\n";
}

std::string html_overview(const StudentResult& student) {
  std::string html = "<table class=\"overview\">\n";
  for (const auto& [label, value] : overview(student)) {
    const std::string cell =
        label == "status" ? status_badge(value) : "<div class=\"msg\">" + html_text(value) + "</div>";
    html += fmt::format("<tr><th>{}</th><td>{}</td></tr>\n", label, cell);
  }
  html += "</table>\n";
  if (!student.notes.empty()) {
    html += "<h2>Notes</h2>\n<ul>\n";
    for (const std::string& note : student.notes) html += "<li>" + html_text(note) + "</li>\n";
    html += "</ul>\n";
  }
  return html;
}

// Links to the lines of the student's file a case blames, when the page shows the file.
std::string line_links(const CaseResult& result, const GradeReport& report, bool with_source) {
  if (!with_source) return "";
  std::vector<std::string> links;
  for (int line : lines_of_case(result, report)) links.push_back(fmt::format("<a href=\"#L{0}\">{0}</a>", line));
  return fmt::format("{}", fmt::join(links, ", "));
}

std::string html_case_table(const GradeReport& report, bool with_source) {
  std::string html =
      "<h2>Cases</h2>\n<table class=\"cases\">\n<tr><th>case</th><th>kind</th><th>size</th><th>status</th>"
      "<th>points</th><th>time</th><th>lines</th><th>message</th></tr>\n";
  for (size_t i = 0; i < report.cases.size(); ++i) {
    const CaseResult& result = report.cases[i];
    const std::string name = has_details(result)
                                 ? fmt::format("<a href=\"#case-{}\">{}</a>", i, html_text(case_name(result)))
                                 : html_text(case_name(result));
    html += fmt::format(
        "<tr><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td class=\"num\">{}</td><td class=\"num\">{:.1f} ms</td>"
        "<td>{}</td><td><div class=\"msg\">{}</div></td></tr>\n",
        name, to_string(result.kind), size_text(result.size), status_badge(to_string(result.status)),
        case_points(result), result.elapsed_ms, line_links(result, report, with_source), html_text(result.message));
  }
  return html + "</table>\n";
}

std::string html_case_details(const GradeReport& report) {
  std::string html;
  for (size_t i = 0; i < report.cases.size(); ++i) {
    const CaseResult& result = report.cases[i];
    if (!has_details(result)) continue;
    html += fmt::format("<h3 id=\"case-{}\">{} {}</h3>\n<p>{} {}, {} points</p>\n", i, html_text(case_name(result)),
                        status_badge(to_string(result.status)), to_string(result.kind), size_text(result.size),
                        case_points(result));
    if (!result.details.empty()) html += html_block(clipped(result.details, kDetailsLimit));
    if (result.speed) html += "<p>Speed: " + html_text(speed_line(*result.speed)) + "</p>\n";
    if (result.efficiency) html += "<p>Efficiency: " + html_text(efficiency_line(*result.efficiency)) + "</p>\n";
  }
  return html;
}

std::string html_build_log(const GradeReport& report) {
  if (report.build_log.empty()) return "";
  return fmt::format("<details{}><summary>Compile log</summary>\n{}</details>\n",
                     report.verdict == CaseStatus::kCompileError ? " open" : "",
                     html_block(clipped(report.build_log, kLogLimit)));
}

}  // namespace

std::string student_report_markdown(const StudentResult& student) {
  std::string md = "# " + markdown_inline(title_of(student)) + "\n\n" + md_overview(student);
  if (!student.report) return md + "No grade report: nothing in the upload could be graded.\n";
  return md + md_cases(*student.report) + md_build_log(*student.report);
}

static std::string html_source(const GradeReport& report, std::string_view source) {
  const std::vector<BlamedLine> blamed = blamed_lines(report);
  std::string html = "<h2 id=\"source\">The graded file</h2>\n";
  if (!blamed.empty()) {
    html += "<ul class=\"blamed-lines\">\n";
    for (const BlamedLine& line : blamed) {
      html += fmt::format("<li><a href=\"#L{0}\">line {0}</a>: {1}</li>\n", line.line,
                          html_text(fmt::format("{}", fmt::join(line.reasons, "; "))));
    }
    html += "</ul>\n";
  }
  return html + source_view_html(source, blamed);
}

std::string student_report_html(const StudentResult& student, std::optional<std::string_view> source) {
  std::string body = "<h1>" + html_text(title_of(student)) + "</h1>\n" + html_overview(student);
  if (!student.report) {
    body += "<p>No grade report: nothing in the upload could be graded.</p>\n";
  } else {
    body += html_case_table(*student.report, source.has_value()) + html_case_details(*student.report) +
            html_build_log(*student.report);
    if (source) body += html_source(*student.report, *source);
  }
  return html_page(title_of(student), body);
}

}  // namespace cudagrade
