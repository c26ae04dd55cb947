#include "sim/source_scan.h"

#include <catch2/catch.hpp>
#include <string>

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
