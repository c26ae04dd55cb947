#include "gradebook/similarity_section.h"

#include <catch2/catch.hpp>

#include "core/files.h"
#include "gradebook/html_page.h"
#include "testing/sample_class.h"

namespace cudagrade {
namespace {

using Catch::Contains;
using testing::occurrences;

std::string project_file(const std::string& relative) {
  return read_file(std::filesystem::path(CUDAGRADE_SOURCE_ROOT) / relative);
}

// Two copies of one file, one of them carrying markup in a comment and a string, and an odd id; plus the
// lecture's files as the rest of the class.
SimilarityReport hostile_report() {
  SimilarityReport report;
  const std::string correct = project_file("submissions/matmul/correct.cu");
  report.files = {
      {"s1", correct},
      {"<b>s2</b>", "// </pre></td></table><script>alert(1)</script>\n" + correct +
                        "const char* note = \"<iframe onload=alert(2)>\";\n"},
      {"s3", project_file("reference/matmul/naive.cu")},
      {"s4", project_file("reference/matmul/tiled.cu")},
      {"s5", project_file("reference/matmul/register_tiled.cu")},
      {"s6", project_file("submissions/matmul/split_k_without_atomics.cu")},
  };
  report.names = {"Ada", "<i>Eve</i>", "", "", "", ""};
  report.skeleton_found = true;
  report.result = class_similarity(report.files, project_file("skeleton/matmul/matmul.cu"));
  return report;
}

TEST_CASE("a flagged pair is listed and shown side by side with its matched lines marked", "[gradebook]") {
  const SimilarityReport report = hostile_report();
  REQUIRE(report.result.flagged_count() == 1);
  const std::string html = similarity_section_html(report);
  CHECK_THAT(html, Contains("<h2 id=\"similarity\">Similar submissions</h2>"));
  CHECK_THAT(html, Contains("never a grade"));
  CHECK(occurrences(html, "<tr><td><a href=\"students/") == 1);
  CHECK_THAT(html, Contains("<a href=\"#pair-1\">show</a>"));
  CHECK(occurrences(html, "<details id=\"pair-1\">") == 1);
  CHECK(occurrences(html, "<table class=\"side-by-side\">") == 1);
  // Both files in full, each line numbered; the matched lines marked with where else they are.
  CHECK(occurrences(html, "<pre class=\"source\">") == 2);
  CHECK(occurrences(html, "class=\"line matched\"") >= 20);
  CHECK_THAT(html, Contains("title=\"also in s1&apos;s file\""));
  // The comment lines are not code and not marked: the first line of correct.cu is a comment.
  CHECK_THAT(html, Contains("<span class=\"line\"><span class=\"ln\">1</span> // cudagrade-expect: passed</span>"));
  CHECK(occurrences(html, " id=\"L") == 0);  // no line anchors: two files on one page would clash
}

TEST_CASE("past the pairs shown side by side the section says how many more were flagged", "[gradebook]") {
  SimilarityReport report = hostile_report();
  report.files.push_back({"s7", report.files[0].source});
  report.names.push_back("");
  SimilaritySettings settings;
  settings.marked_pairs = 1;
  report.result = class_similarity(report.files, project_file("skeleton/matmul/matmul.cu"), settings);
  REQUIRE(report.result.flagged_count() == 3);
  const std::string html = similarity_section_html(report);
  CHECK(occurrences(html, "<details") == 1);
  CHECK_THAT(html, Contains("<p>2 more flagged pairs with lower scores not shown here"));
}

TEST_CASE("the section escapes every byte of the students' files, ids and names", "[gradebook]") {
  const std::string page = html_page("summary", similarity_section_html(hostile_report()));
  testing::check_html_page(page);
  CHECK(occurrences(page, "<script") == 0);
  CHECK(occurrences(page, "<iframe") == 0);
  CHECK_THAT(page, Contains("&lt;iframe onload=alert(2)&gt;"));
  CHECK(occurrences(page, "<b>") == 0);
  CHECK(occurrences(page, "<i>") == 0);
  CHECK_THAT(page, Contains("&lt;/pre&gt;&lt;/td&gt;&lt;/table&gt;&lt;script&gt;alert(1)&lt;/script&gt;"));
  CHECK_THAT(page, Contains("&lt;b&gt;s2&lt;/b&gt;"));
  CHECK_THAT(page, Contains("&lt;i&gt;Eve&lt;/i&gt;"));
}

TEST_CASE("the section says how pairs were flagged, and when nothing stands out or it was turned off", "[gradebook]") {
  SimilarityReport report = hostile_report();
  report.files.erase(report.files.begin() + 1);
  report.names.erase(report.names.begin() + 1);
  report.result = class_similarity(report.files, project_file("skeleton/matmul/matmul.cu"));
  const std::string quiet = similarity_section_html(report);
  CHECK_THAT(quiet, Contains("5 files compared (10 pairs)"));
  CHECK_THAT(quiet, Contains("the floor 60%"));
  CHECK_THAT(quiet, Contains("robust standard deviations"));
  CHECK_THAT(quiet, Contains("<p>No pair stands out. The most similar pair"));
  CHECK(occurrences(quiet, "<details") == 0);
  const std::string off = similarity_section_html(std::nullopt);
  CHECK_THAT(off, Contains("Not checked: turned off (<code>--no-similarity</code>)"));
  CHECK_THAT(off, Contains("never a grade"));
}

}  // namespace
}  // namespace cudagrade
