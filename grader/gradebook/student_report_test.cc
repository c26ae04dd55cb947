#include "gradebook/student_report.h"

#include <catch2/catch.hpp>

#include "testing/sample_class.h"
#include "testing/sample_reports.h"

namespace cudagrade {
namespace {

using Catch::Contains;
using testing::occurrences;

// The class's uploads by position in sample_class().
const StudentResult& student(size_t index) {
  static const std::vector<StudentResult> students = testing::sample_class();
  return students.at(index);
}
const StudentResult& markup() {
  return student(0);
}  // s04
const StudentResult& wrong() {
  return student(2);
}  // s02
const StudentResult& missing() {
  return student(3);
}  // s05
const StudentResult& formula() {
  return student(5);
}  // s03, compile error

TEST_CASE("the HTML report escapes the student's name and messages", "[gradebook]") {
  const std::string html = student_report_html(markup());
  testing::check_html_page(html);
  CHECK_THAT(html, Contains("<title>matmul: &lt;script&gt;alert(1)&lt;/script&gt; (s04)</title>"));
  CHECK_THAT(html, Contains("<h1>matmul: &lt;script&gt;alert(1)&lt;/script&gt; (s04)</h1>"));
  CHECK_THAT(html, Contains("all cases passed &lt;b&gt;well done&lt;/b&gt;"));
  CHECK(occurrences(html, "<b>") == 0);
}

TEST_CASE("the HTML report shows identity, every case, the picture and the speed", "[gradebook]") {
  const std::string html = student_report_html(wrong());
  testing::check_html_page(html);
  CHECK_THAT(html, Contains("<tr><th>name</th><td><div class=\"msg\">Doe, \"Jane\"</div></td></tr>"));
  CHECK_THAT(html, Contains("<tr><th>upload</th><td><div class=\"msg\">s02_matmul.cu</div></td></tr>"));
  CHECK_THAT(html, Contains("<span class=\"status s-wrong_answer\">wrong_answer</span>"));
  CHECK_THAT(html, Contains("<div class=\"msg\">7 / 8</div>"));
  CHECK_THAT(html, Contains("<tr><th>backend</th><td><div class=\"msg\">gpu on NVIDIA H200</div></td></tr>"));
  for (const char* name : {"square-128", "non-multiple-100", "rectangular-hidden (hidden)", "performance-4096"}) {
    CHECK_THAT(html, Contains(name));
  }
  CHECK(occurrences(html, "<tr><td>") == 4);  // one row a case
  CHECK_THAT(html, Contains("<pre>C[99][0]: expected 12, got 0 | tile &lt;1,2&gt;\n  |..X|\n</pre>"));
  CHECK_THAT(html, Contains("1.2x the time of reference tiled_boundary (3 ms)"));
  CHECK_THAT(html, Contains("<a href=\"#case-1\">non-multiple-100</a>"));
  CHECK_THAT(html, Contains("<h3 id=\"case-1\">"));
  CHECK(occurrences(html, "Compile log") == 0);  // built without a word
}

TEST_CASE("a compile error's log is in an open collapsible section, escaped", "[gradebook]") {
  const std::string html = student_report_html(formula());
  testing::check_html_page(html);
  CHECK_THAT(html, Contains("<details open><summary>Compile log</summary>\n<pre>matmul.cu(7): warning #177-D"));
  CHECK_THAT(html, Contains("identifier \"acc\" is undefined"));
  CHECK_THAT(html, Contains("=HYPERLINK(\"http://evil.example\",\"x\")\nline two"));

  // A log that merely warns is folded away.
  StudentResult warned = wrong();
  warned.report->build_log = "matmul.cu(7): warning: <unused>\n";
  CHECK_THAT(student_report_html(warned),
             Contains("<details><summary>Compile log</summary>\n<pre>matmul.cu(7): warning: &lt;unused&gt;\n</pre>"));
}

TEST_CASE("an upload with no report says so, with intake's notes", "[gradebook]") {
  const std::string html = student_report_html(missing());
  testing::check_html_page(html);
  CHECK_THAT(html, Contains("<title>Grace Hopper (s05)</title>"));
  CHECK_THAT(html, Contains("s-missing_file"));
  CHECK_THAT(html, Contains("<li>skipped __MACOSX/</li>"));
  CHECK_THAT(html, Contains("No grade report"));
  CHECK(occurrences(html, "<table") == 1);

  const std::string md = student_report_markdown(missing());
  CHECK_THAT(md, Contains("| status | missing\\_file |"));
  CHECK_THAT(md, Contains("- skipped \\_\\_MACOSX/"));
  CHECK_THAT(md, Contains("No grade report"));
}

TEST_CASE("a huge log is cut and says how much was left out", "[gradebook]") {
  StudentResult flooded = formula();
  flooded.report->build_log = std::string(200 * 1024, 'x');
  const std::string html = student_report_html(flooded);
  CHECK(html.size() < 100 * 1024);
  CHECK_THAT(html, Contains("... (139264 more bytes)"));
}

TEST_CASE("the Markdown report escapes inline text and fences long text", "[gradebook]") {
  const std::string md = student_report_markdown(markup());
  CHECK(md.rfind("# matmul: &lt;script&gt;alert(1)&lt;/script&gt; (s04)\n", 0) == 0);
  CHECK(occurrences(md, "<script") == 0);
  CHECK_THAT(md, Contains("| performance-4096 | performance | 128x128x128 | passed | 5 / 5 | 1500.0 ms |"));
  CHECK_THAT(md, Contains("Speed: median 9 ms over 20 samples"));

  const std::string wrong_md = student_report_markdown(wrong());
  CHECK_THAT(wrong_md, Contains("| name | Doe, \"Jane\" |"));
  CHECK_THAT(wrong_md, Contains("### non-multiple-100: wrong_answer\n\n```\n37 of 10000 checked elements"));
  CHECK_THAT(wrong_md, Contains("```\nC[99][0]: expected 12, got 0 | tile <1,2>\n  |..X|\n```\n"));
  CHECK_THAT(wrong_md, Contains("| rectangular-hidden (hidden) |"));

  // A name's line break cannot start a new Markdown block; a multi-line message is fenced whole.
  const std::string formula_md = student_report_markdown(formula());
  CHECK_THAT(formula_md, Contains("| name | =HYPERLINK(\"http://evil.example\",\"x\") line two |"));
  CHECK_THAT(formula_md, Contains("<details open><summary>Compile log</summary>\n\n```\nmatmul.cu(7): warning"));
  CHECK(occurrences(formula_md, "<details") == occurrences(formula_md, "</details>"));
}

TEST_CASE("text with backticks cannot close its Markdown fence", "[gradebook]") {
  StudentResult sneaky = wrong();
  sneaky.report->cases[1].details = "```\n# heading\n`````x";
  const std::string md = student_report_markdown(sneaky);
  CHECK_THAT(md, Contains("``````\n```\n# heading\n`````x\n``````\n"));
}

}  // namespace
}  // namespace cudagrade
