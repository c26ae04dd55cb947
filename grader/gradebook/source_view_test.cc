#include "gradebook/source_view.h"

#include <catch2/catch.hpp>

#include "gradebook/student_report.h"
#include "testing/sample_class.h"
#include "testing/sample_reports.h"

namespace cudagrade {
namespace {

using Catch::Contains;

GradeReport race_report() {
  GradeReport report = testing::sample_report();
  report.compiled_as.clear();  // as a stored report reads back: the name is the lab's "matmul.cu"
  report.cases[1].status = CaseStatus::kRace;
  report.cases[1].message =
      "read-after-write data race on shared array 'Bs' (declared at line 2) in kernel k: thread (0,0,0) writes it "
      "at line 3 and thread (0,2,0) reads it at line 5 with no barrier between.";
  total_up(report);
  return report;
}

const std::string kSource = "#include \"matmul.cuh\"\n__shared__ float Bs[16];\nBs[i] = x; // <b>\nsync();\ny = Bs[j];\n";

TEST_CASE("a race blames both of its lines, and the source view highlights them and nothing else", "[gradebook]") {
  const std::vector<BlamedLine> blamed = blamed_lines(race_report());
  REQUIRE(blamed.size() == 2);
  CHECK(blamed[0].line == 3);
  CHECK(blamed[1].line == 5);
  CHECK_THAT(blamed[0].reasons.at(0), Catch::StartsWith("race: read-after-write data race"));
  const std::string html = source_view_html(kSource, blamed);
  CHECK_THAT(html, Contains("<span id=\"L3\" class=\"line blamed\" title=\"race: read-after-write"));
  CHECK_THAT(html, Contains("<span id=\"L4\" class=\"line\"><a class=\"ln\" href=\"#L4\">4</a> sync();</span>"));
  CHECK_THAT(html, Contains("<span id=\"L5\" class=\"line blamed\""));
  CHECK_THAT(html, Contains("// &lt;b&gt;"));  // the student's text is escaped
  CHECK(testing::occurrences(html, "class=\"line blamed\"") == 2);
}

TEST_CASE("a compile error blames the compiler's lines in the student's file, not the grader's header",
          "[gradebook]") {
  GradeReport report = testing::compile_error_report();
  report.compiled_as.clear();
  const std::vector<BlamedLine> blamed = blamed_lines(report);
  REQUIRE(blamed.size() == 3);
  CHECK(blamed[0].line == 7);
  CHECK_THAT(blamed[0].reasons.at(0), Catch::StartsWith("compiler warning: variable \"unused\""));
  CHECK(blamed[1].line == 13);
  CHECK(lines_of_case(report.cases[0], report) == std::vector<int>{13, 21});
}

TEST_CASE("report.html links a case's lines to the highlighted source, only when it shows the source",
          "[gradebook]") {
  const StudentResult student = testing::graded_student("s01", "Ada", race_report());
  const std::string with = student_report_html(student, kSource);
  testing::check_html_page(with);
  CHECK_THAT(with, Contains("<td><a href=\"#L3\">3</a>, <a href=\"#L5\">5</a></td>"));
  CHECK_THAT(with, Contains("<li><a href=\"#L3\">line 3</a>: race: "));
  const std::string without = student_report_html(student);
  CHECK(without.find("href=\"#L3\"") == std::string::npos);
  CHECK(without.find("The graded file") == std::string::npos);
}

}  // namespace
}  // namespace cudagrade
