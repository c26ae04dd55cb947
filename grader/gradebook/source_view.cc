#include "gradebook/source_view.h"

#include <fmt/format.h>

#include <algorithm>
#include <map>

#include "gradebook/html_page.h"
#include "report/escape.h"
#include "report/github_printer.h"
#include "report/report_text.h"

namespace cudagrade {
namespace {

// The name the build gave the student's file; stored reports do not keep it, and it is always "<lab>.cu".
std::string compiled_name(const GradeReport& report) {
  return report.compiled_as.empty() ? report.lab + ".cu" : report.compiled_as;
}

std::vector<CompilerDiagnostic> student_diagnostics(const GradeReport& report) {
  std::vector<CompilerDiagnostic> mine;
  for (const CompilerDiagnostic& diagnostic : parse_compiler_diagnostics(report.build_log)) {
    if (diagnostic.file == compiled_name(report) && diagnostic.line > 0) mine.push_back(diagnostic);
  }
  return mine;
}

bool passed(const CaseResult& result) {
  return result.status == CaseStatus::kPassed || result.status == CaseStatus::kSkipped;
}

}  // namespace

std::vector<int> lines_of_case(const CaseResult& result, const GradeReport& report) {
  if (passed(result)) return {};
  if (result.status == CaseStatus::kCompileError) {
    std::vector<int> lines;
    for (const CompilerDiagnostic& diagnostic : student_diagnostics(report)) {
      if (diagnostic.error && std::find(lines.begin(), lines.end(), diagnostic.line) == lines.end()) {
        lines.push_back(diagnostic.line);
      }
    }
    return lines;
  }
  return student_lines_in(result.message, compiled_name(report));
}

std::vector<BlamedLine> blamed_lines(const GradeReport& report) {
  std::map<int, std::vector<std::string>> reasons;
  auto add = [&](int line, std::string reason) {
    std::vector<std::string>& list = reasons[line];
    if (std::find(list.begin(), list.end(), reason) == list.end()) list.push_back(std::move(reason));
  };
  for (const CompilerDiagnostic& diagnostic : student_diagnostics(report)) {
    add(diagnostic.line, fmt::format("{}: {}", diagnostic.error ? "compile error" : "compiler warning",
                                     headline(diagnostic.message, 160)));
  }
  for (const CaseResult& result : report.cases) {
    if (passed(result) || result.status == CaseStatus::kCompileError) continue;
    for (int line : student_lines_in(result.message, compiled_name(report))) {
      const std::string_view status = to_string(result.status);
      add(line, result.message.rfind(status, 0) == 0
                    ? headline(result.message, 160)
                    : fmt::format("{}: {}", status, headline(result.message, 160)));
    }
  }
  std::vector<BlamedLine> lines;
  for (auto& [line, why] : reasons) lines.push_back({line, std::move(why)});
  return lines;
}

std::string source_view_html(std::string_view source, const std::vector<BlamedLine>& marked,
                             const SourceViewStyle& style) {
  std::map<int, const BlamedLine*> by_line;
  for (const BlamedLine& line : marked) by_line[line.line] = &line;
  std::string html = "<pre class=\"source\">";
  int number = 0;
  size_t start = 0;
  while (start < source.size() && number < kSourceViewLines) {
    size_t end = source.find('\n', start);
    if (end == std::string_view::npos) end = source.size();
    ++number;
    const auto found = by_line.find(number);
    const std::string title =
        found == by_line.end() ? "" : fmt::format(" title=\"{}\"", html_attribute(fmt::format("{}", fmt::join(found->second->reasons, "\n"))));
    const std::string css = found == by_line.end() ? "line" : "line " + style.marked_class;
    // Each line a block of its own: no newline between them, or the <pre> would show a blank line after each.
    if (style.anchors) {
      html += fmt::format("<span id=\"L{0}\" class=\"{1}\"{2}><a class=\"ln\" href=\"#L{0}\">{0}</a> {3}</span>",
                          number, css, title, html_text(source.substr(start, end - start)));
    } else {
      html += fmt::format("<span class=\"{1}\"{2}><span class=\"ln\">{0}</span> {3}</span>", number, css, title,
                          html_text(source.substr(start, end - start)));
    }
    start = end + 1;
  }
  html += "</pre>\n";
  if (start < source.size()) {
    html += fmt::format("<p>The file goes on past line {}; the rest is not shown here.</p>\n", kSourceViewLines);
  }
  return html;
}

}  // namespace cudagrade
