#include "gradebook/summary_page.h"

#include <algorithm>
#include <catch2/catch.hpp>

#include "intake/safe_name.h"
#include <regex>

#include "gradebook/layout.h"
#include "testing/sample_class.h"
#include "testing/sample_reports.h"
#include "gradebook/summary_charts.h"

namespace cudagrade {
namespace {

using Catch::Contains;
using testing::occurrences;

std::vector<std::string> matches(const std::string& text, const std::string& pattern) {
  std::vector<std::string> found;
  const std::regex regex(pattern);
  for (auto it = std::sregex_iterator(text.begin(), text.end(), regex); it != std::sregex_iterator(); ++it) {
    found.push_back((*it)[1]);
  }
  return found;
}

const std::string& page() {
  static const std::string html = summary_html(testing::sample_class(), "matmul");
  return html;
}

TEST_CASE("the summary is one self-contained, well-formed page that escapes the students' text", "[gradebook]") {
  const std::string& html = page();
  testing::check_html_page(html);
  CHECK(occurrences(html, "<svg") == 2);
  CHECK(occurrences(html, "<table") == 3);
  CHECK_THAT(html, Contains("<title>matmul: class summary</title>"));
  CHECK_THAT(html, Contains("&lt;script&gt;alert(1)&lt;/script&gt;"));
  CHECK_THAT(html, Contains("=HYPERLINK(\"http://evil.example\",\"x\")\nline two"));
  CHECK(occurrences(html, "<b>") == 0);
  CHECK(html == summary_html(testing::sample_class(), "matmul"));  // nothing varies between runs
}

TEST_CASE("the summary does not depend on the order of the students", "[gradebook]") {
  std::vector<StudentResult> results = testing::sample_class();
  std::reverse(results.begin(), results.end());
  // s06's uploads must stay oldest first: that order says which one counts.
  std::swap(*std::find_if(results.begin(), results.end(), [](auto& r) { return r.student_id == "s06"; }),
            *std::find_if(results.rbegin(), results.rend(), [](auto& r) { return r.student_id == "s06"; }));
  CHECK(summary_html(results, "matmul") == page());
}

TEST_CASE("the summary counts statuses once a student and says what was superseded", "[gradebook]") {
  const std::string& html = page();
  CHECK_THAT(html, Contains("<p>7 students; mean score 4.714 of 8, median of the graded uploads 7.5. "
                            "1 superseded upload (a later one by the same student counts) not counted here.</p>"));
  CHECK_THAT(html, Contains("<tr><td><span class=\"status s-passed\">passed</span></td><td class=\"num\">3</td></tr>"));
  CHECK_THAT(html, Contains("<span class=\"status s-missing_file\">missing_file</span></td><td class=\"num\">1</td>"));
  // One row a student in the students table, each linking to the report.
  for (const char* id : {"s01", "s02", "s03", "s04", "s05", "s06", "s07"}) {
    INFO(id);
    CHECK(occurrences(html, std::string("<tr><td><a href=\"students/") + id + "/report.html\">") == 1);
  }
  CHECK(occurrences(html, "3 cases failed") == 0);  // the superseded upload's message
  CHECK_THAT(html, Contains("s-missing_file\">missing_file</span></td><td class=\"num\">0 / 8</td>"));
}

TEST_CASE("the histogram has ten bars with the right counts, heights and titles", "[gradebook]") {
  const std::string& html = page();
  CHECK(matches(html, "<rect class=\"bar\" data-count=\"(\\d+)\"") ==
        std::vector<std::string>{"2", "0", "1", "0", "0", "0", "0", "0", "1", "3"});
  // The tallest bar (3) is the full 150 units; two students make a bar of 100.
  CHECK_THAT(html, Contains("<rect class=\"bar\" data-count=\"3\" x=\"462\" y=\"10.0\" width=\"44\" "
                            "height=\"150.0\"><title>[7.2, 8]: 3 students</title></rect>"));
  CHECK_THAT(html, Contains("<rect class=\"bar\" data-count=\"2\" x=\"30\" y=\"60.0\" width=\"44\" "
                            "height=\"100.0\"><title>[0, 0.8): 2 students</title></rect>"));
  CHECK_THAT(html, Contains("<title>[1.6, 2.4): 1 student</title>"));
  CHECK(occurrences(html, "height=\"0.0\"") == 6);
}

TEST_CASE("the pass-rate table has a row and a bar a case", "[gradebook]") {
  const std::string& html = page();
  CHECK_THAT(html, Contains("<tr><td>square-128</td><td class=\"num\">5 / 6</td><td class=\"num\">83%</td>"
                            "<td><div class=\"meter\"><div style=\"width: 83.3%\"></div></div></td></tr>"));
  CHECK_THAT(html, Contains("<tr><td>rectangular-hidden (hidden)</td><td class=\"num\">4 / 5</td>"
                            "<td class=\"num\">80%</td>"));
  CHECK_THAT(html, Contains("<tr><td>performance-4096</td><td class=\"num\">4 / 6</td><td class=\"num\">67%</td>"));
  CHECK(occurrences(html, "class=\"meter\"") == 4);
}

TEST_CASE("the speed plot has a dot for each correct timed submission and marks at 1x, 2x and 4x", "[gradebook]") {
  const std::string& html = page();
  CHECK(matches(html, "class=\"dot\"[^>]*data-ratio=\"([^\"]+)\"") == std::vector<std::string>{"0.5", "1", "1.2", "3"});
  CHECK(occurrences(html, "data-ratio=\"0.25\"") == 0);  // the superseded upload's
  CHECK(occurrences(html, "<line class=\"mark\"") == 3);
  for (const char* label : {">1x</text>", ">2x</text>", ">4x</text>", ">1/2x</text>", ">8x</text>"}) {
    CHECK(occurrences(html, label) == 1);
  }
  CHECK_THAT(html, Contains("<title>s04 &lt;script&gt;alert(1)&lt;/script&gt;: 3x the time of tiled_boundary</title>"));
  CHECK_THAT(html, Contains("text-anchor=\"end\">performance-4096</text>"));
}

TEST_CASE("the outliers are listed once each with their reasons and links", "[gradebook]") {
  const std::string& html = page();
  const std::string list = html.substr(html.find("<ul class=\"outliers\">"));
  CHECK(matches(list.substr(0, list.find("</ul>")), "<li><a href=\"students/([^/]+)/") ==
        std::vector<std::string>{"s01", "s03", "s04", "s05", "s07"});
  CHECK_THAT(html, Contains("<li><a href=\"students/s07/report.html\">s07</a> Edsger Dijkstra: timed out; "
                            "score 2 is far below the median 7.5</li>"));
  CHECK_THAT(html, Contains("<li><a href=\"students/s05/report.html\">s05</a> Grace Hopper: no gradable upload "
                            "(missing_file)</li>"));
}

TEST_CASE("a generation time appears only when passed in", "[gradebook]") {
  CHECK(occurrences(page(), "Generated") == 0);
  CHECK_THAT(summary_html(testing::sample_class(), "matmul", "2026-11-22"), Contains("<p>Generated 2026-11-22.</p>"));
}

TEST_CASE("an empty class and one with no timed case still make a valid page", "[gradebook]") {
  const std::string empty = summary_html({}, "reduction");
  testing::check_html_page(empty);
  CHECK(occurrences(empty, "<rect class=\"bar\"") == 10);
  CHECK_THAT(empty, Contains("No timed cases."));
  CHECK_THAT(empty, Contains("Nobody stands out."));
}

TEST_CASE("report links lead to the folder the store writes, one path segment even for odd ids", "[gradebook]") {
  CHECK(OutputLayout::report_href("s01") == "students/s01/report.html");
  const std::string odd = "a b/<c>\"";
  const std::string folder = folder_name(odd);
  CHECK(folder.find('/') == std::string::npos);
  CHECK(OutputLayout::report_href(odd) == "students/" + folder + "/report.html");
}

TEST_CASE("a class graded without a GPU reads 'not measured' for speed, never 0%", "[gradebook]") {
  std::vector<StudentResult> results;
  results.push_back(testing::graded_student("s01", "Ada", testing::simulated_report(testing::passing_report(1.0))));
  results.push_back(testing::graded_student("s02", "Alan", testing::simulated_report(testing::sample_report())));
  // The performance case was graded for correctness but skipped everywhere: its rate is not measured either.
  for (StudentResult& student : results) student.report->cases[3].status = CaseStatus::kSkipped;
  const std::string html = summary_html(results, "matmul");
  testing::check_html_page(html);
  CHECK_THAT(html, Contains("<tr><td>performance-4096 <span class=\"note\">speed not measured</span></td>"
                            "<td class=\"num\">&ndash;</td><td class=\"num\">not measured</td>"));
  CHECK_THAT(html, Contains("performance-4096: not measured for 2 students; speed is graded later on the course GPU"));
  CHECK(occurrences(html, ">0%</td>") == 0);
  CHECK(occurrences(html, "<svg") == 1);  // the histogram; no empty speed chart
}

TEST_CASE("speed graded by an efficiency rule says so, and the efficiency table shows the class's figures",
          "[gradebook][efficiency]") {
  std::vector<StudentResult> results;
  results.push_back(testing::graded_student("s01", "Ada", testing::simulated_report(testing::passing_report(1.0))));
  results.push_back(testing::graded_student("s02", "Alan", testing::simulated_report(testing::passing_report(1.0))));
  const double figures[] = {7.0, 53.0};
  for (size_t i = 0; i < results.size(); ++i) {
    CaseResult& timed = results[i].report->cases[3];
    REQUIRE(timed.unmeasured_speed);
    timed.unmeasured_speed->policy = SpeedWithoutGpu::kEfficiency;
    EfficiencyResult efficiency;
    efficiency.metric = EfficiencyMetric::kGlobalTrafficRatio;
    efficiency.value = figures[i];
    efficiency.full = 8;
    efficiency.zero = 64;
    efficiency.max_points = 4;
    efficiency.points = i == 0 ? 4 : 0.5;
    efficiency.counted_by = "simulator";
    efficiency.grades_speed = true;
    timed.efficiency = efficiency;
  }
  const std::string html = summary_html(results, "matmul");
  testing::check_html_page(html);
  CHECK_THAT(html, Contains("performance-4096: not measured for 2 students; speed is graded later on the course GPU"));
  CHECK_THAT(html, Contains("Until then an efficiency rule, counted by the simulator, graded the speed points of 2"));
  CHECK_THAT(html, Contains("<h2>Efficiency (counted by the simulator)</h2>"));
  // The median of 7 and 53, the rule's thresholds, and the class's points out of its most.
  CHECK_THAT(html, Contains("<tr><td>performance-4096</td><td>speed points (no GPU)</td><td>global_traffic_ratio</td>"
                            "<td class=\"num\">30.00</td><td class=\"num\">8</td><td class=\"num\">64</td>"
                            "<td class=\"num\">4.5 / 8</td></tr>"));
}

}  // namespace
}  // namespace cudagrade
