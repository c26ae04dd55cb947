#include "package/course_lab.h"

#include <catch2/catch.hpp>

namespace cudagrade {
namespace {

TEST_CASE("a starter's test cases keep every public case and drop the hidden ones", "[package]") {
  const std::string suite = R"yaml(# the course's cases
lab: row_stats
defaults: {distribution: uniform-float}
cases:
  - {name: square-256, kind: square, rows: 256, cols: 256, points: 1}
  - {name: secret-13x77, kind: non-multiple, rows: 13, cols: 77, points: 1, hidden: true}
  - {name: shown-13x77, kind: non-multiple, rows: 13, cols: 77, points: 1, hidden: false}
)yaml";
  const std::string kept = public_test_cases(suite, "row_stats");
  CHECK_THAT(kept, Catch::Contains("square-256") && Catch::Contains("shown-13x77") && Catch::Contains("uniform-float"));
  CHECK_THAT(kept, !Catch::Contains("secret-13x77"));
  CHECK_THROWS_WITH(public_test_cases("cases: [", "row_stats"),
                    Catch::Contains("the test cases of row_stats are not YAML"));
}

}  // namespace
}  // namespace cudagrade
