#include "sim/source_scan.h"

#include <catch2/catch.hpp>
#include <string>
#include <vector>

namespace cudagrade {
namespace {

TEST_CASE("a group ends at the closer that brings its depth back, brackets of every kind counted as one depth",
          "[sim]") {
  const std::string text = "f(a[i], {b}) /* ( */ g(\")\") h(";
  const SourceScan scan(text);
  CHECK(scan.group_end(text.find('(')) == text.find(')', text.find('}')));
  CHECK(scan.group_end(text.find('[')) == text.find(']'));
  CHECK(scan.group_end(text.find('{')) == text.find('}'));
  const size_t g = text.find("g(") + 1;
  CHECK(scan.group_end(g) == text.rfind(')'));  // the ')' in the string is not code
  CHECK(scan.group_end(text.rfind('(')) == std::string::npos);
}

TEST_CASE("identifiers are read from code alone, whole, numbers left out; a directive line's only when asked",
          "[sim]") {
  const std::string text = "#define TILE 16\nint x1 = 2e5 + y_2; // comment z\nauto s = \"w\"; v";
  const SourceScan scan(text);
  std::vector<std::string> read, skipped;
  for (const Identifier& found : scan.identifiers(0, text.size(), SourceScan::DirectiveLines::kRead)) {
    CHECK(text.compare(found.at, found.text.size(), found.text) == 0);
    read.push_back(found.text);
  }
  for (const Identifier& found : scan.identifiers(0, text.size(), SourceScan::DirectiveLines::kSkipped)) {
    skipped.push_back(found.text);
  }
  CHECK(read == std::vector<std::string>{"define", "TILE", "int", "x1", "y_2", "auto", "s", "v"});
  CHECK(skipped == std::vector<std::string>{"int", "x1", "y_2", "auto", "s", "v"});
  // A range that starts inside a word takes the word's rest, and one that ends inside a word cuts it there.
  const std::vector<Identifier> cut = scan.identifiers(text.find("y_2") + 1, text.find("y_2") + 2,
                                                       SourceScan::DirectiveLines::kRead);
  REQUIRE(cut.size() == 1);
  CHECK(cut.front().text == "_");
}

TEST_CASE("the first stop at a position's own depth skips nested groups and ends at the group's closer", "[sim]") {
  const std::string text = "__device__ int t[(1;2)] = {3; 4}; int u; (x, y; z)";
  const SourceScan scan(text);
  CHECK(scan.first_at_depth(0, ";") == text.find("; int u"));  // the ';' inside () and {} are nested
  CHECK(scan.first_at_depth(0, "[=") == text.find('['));
  const size_t x = text.find('x');
  CHECK(scan.first_at_depth(x, ";") == text.find("; z"));
  CHECK(scan.first_at_depth(text.find('z'), ";") == std::string::npos);  // the group closes first
  CHECK(scan.depth_end(text.find('z')) == text.rfind(')'));
  CHECK(scan.depth_end(0) == text.size());
}

}  // namespace
}  // namespace cudagrade
