#include "testing/sample_class.h"

#include <catch2/catch.hpp>
#include <regex>
#include <utility>

#include "model/status.h"
#include "gradebook/roster.h"
#include "testing/sample_reports.h"

namespace cudagrade::testing {
namespace {

// The reference is timed at 3 ms in sample_speed.
constexpr double kReferenceMs = 3.0;

GradeReport with_ratio(GradeReport report, double ratio) {
  report.cases[3].speed = sample_speed(ratio * kReferenceMs);
  return report;
}

}  // namespace

StudentResult graded_student(std::string id, std::string name, GradeReport report) {
  StudentResult student;
  student.student_id = std::move(id);
  student.name = std::move(name);
  student.upload = student.student_id + "_matmul.cu";
  student.status = report.verdict;
  student.score = report.score;
  student.max_score = report.max_score;
  student.content_hash = "sha256:" + student.student_id;
  student.cases_hash = "sha256:cases";
  student.isolation = "bwrap";
  student.report = std::move(report);
  return student;
}

GradeReport passing_report(double ratio) {
  GradeReport report = with_ratio(sample_report(), ratio);
  report.cases[1].status = CaseStatus::kPassed;
  report.cases[1].points = report.cases[1].max_points;
  report.cases[1].message = "all elements of C are right";
  report.cases[1].details.clear();
  total_up(report);
  return report;
}

std::vector<StudentResult> sample_class() {
  StudentResult markup = graded_student("s04", "<script>alert(1)</script>", passing_report(3.0));
  markup.message = "all cases passed <b>well done</b>";

  GradeReport old_report = with_ratio(sample_report(), 0.25);
  old_report.cases[0].status = CaseStatus::kWrongAnswer;
  old_report.cases[0].points = 0;
  old_report.cases[2].status = CaseStatus::kWrongAnswer;
  old_report.cases[2].points = 0;
  old_report.cases[3].points = 2;
  total_up(old_report);
  StudentResult superseded = graded_student("s06", "Alan Turing", old_report);
  superseded.message = "3 cases failed";
  superseded.notes = {std::string(kSupersededNote)};

  StudentResult quoted = graded_student("s02", "Doe, \"Jane\"", with_ratio(sample_report(), 1.2));
  quoted.message = "-1 case: non-multiple-100 is a wrong answer";

  StudentResult missing;
  missing.student_id = "s05";
  missing.name = "Grace Hopper";
  missing.upload = "s05_archive.zip";
  missing.status = UploadProblem::kMissingFile;
  missing.message = "no .cu file in the upload";
  missing.notes = {"skipped __MACOSX/"};

  StudentResult first = graded_student("s01", "Ada Lovelace", passing_report(0.5));
  first.message = "all cases passed";

  StudentResult formula =
      graded_student("s03", "=HYPERLINK(\"http://evil.example\",\"x\")\nline two", compile_error_report());
  formula.message = formula.report->build_summary;

  GradeReport slow = passing_report(1.0);
  slow.cases[2].status = CaseStatus::kSkipped;
  slow.cases[2].points = 0;
  slow.cases[3].status = CaseStatus::kTimeout;
  slow.cases[3].points = 0;
  slow.cases[3].message = "no answer within 60 s";
  slow.cases[3].speed.reset();
  total_up(slow);
  StudentResult timeout = graded_student("s07", "Edsger Dijkstra", slow);
  timeout.message = "performance-4096 timed out";

  StudentResult latest = graded_student("s06", "Alan Turing", passing_report(1.0));
  latest.message = "all cases passed";

  return {markup, superseded, quoted, missing, first, formula, timeout, latest};
}

size_t occurrences(const std::string& text, const std::string& needle) {
  size_t count = 0;
  for (size_t at = text.find(needle); at != std::string::npos; at = text.find(needle, at + needle.size())) ++count;
  return count;
}

void check_html_page(const std::string& html) {
  CHECK(html.rfind("<!DOCTYPE html>", 0) == 0);
  CHECK(occurrences(html, "</html>") == 1);
  for (const std::string tag : {"table", "svg", "details", "pre", "ul", "a", "tr", "title", "style"}) {
    INFO(tag);
    // "<a " and "<a>" open an anchor; "<abbr" would not, and none is written.
    const size_t opened = occurrences(html, "<" + tag + " ") + occurrences(html, "<" + tag + ">");
    CHECK(opened == occurrences(html, "</" + tag + ">"));
  }
  CHECK(occurrences(html, "<script") == 0);
  CHECK(occurrences(html, "<link") == 0);
  CHECK(occurrences(html, "<img") == 0);
  CHECK(occurrences(html, "src=") == 0);
  CHECK(occurrences(html, "url(") == 0);
  CHECK(occurrences(html, "@import") == 0);
  const std::regex href("href=\"([^\"]*)\"");
  for (auto it = std::sregex_iterator(html.begin(), html.end(), href); it != std::sregex_iterator(); ++it) {
    const std::string target = (*it)[1];
    INFO(target);
    const bool in_page = std::regex_match(target, std::regex("#(L|pair-)[0-9]+"));  // a source line, a similar pair
    CHECK((target.rfind("students/", 0) == 0 || target.rfind("#case-", 0) == 0 || in_page));
  }
}

}  // namespace cudagrade::testing
