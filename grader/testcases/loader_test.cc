#include "testcases/loader.h"

#include <catch2/catch.hpp>
#include <set>

#include "core/paths.h"
#include "labs/registry.h"

namespace cudagrade {
namespace {

LoaderContext context() {
  return {[](const std::string& name) { return find_lab(name); },
          [](const std::string&, const std::string& reference) { return reference != "missing"; }};
}

LoadResult parse(const std::string& text) {
  return parse_test_suite(text, "cases.yaml", context());
}

std::string problems_of(const LoadResult& result) {
  std::string text;
  for (const LoadProblem& problem : result.problems) text += problem.to_string() + "\n";
  return text;
}

TEST_CASE("the minimal form loads with every default filled in", "[testcases]") {
  LoadResult result = parse(R"(lab: matmul
cases:
  - {name: square-128, kind: square, M: 128, K: 128, N: 128, points: 1}
)");
  INFO(problems_of(result));
  REQUIRE(result.suite);
  const TestCase& test_case = result.suite->cases.at(0);
  CHECK(test_case.name == "square-128");
  CHECK(test_case.kind == CaseKind::kSquare);
  CHECK(test_case.size == std::vector<int64_t>{128, 128, 128});
  CHECK(test_case.points == 1);
  CHECK_FALSE(test_case.hidden);
  CHECK(test_case.seed == default_seed("square-128"));
  CHECK(test_case.distribution == Distribution::kSmallIntegers);
  CHECK(test_case.tolerance.abs == 0);  // small integers are exact
  CHECK(test_case.tolerance.rel == 0);
  CHECK(test_case.timeout_s == kDefaultTimeoutSeconds);
  CHECK_FALSE(test_case.speed);
  CHECK(test_case.line == 3);
}

TEST_CASE("a case without a timeout gets the default as a ceiling; one with a timeout keeps it", "[testcases]") {
  LoadResult result = parse(R"(lab: matmul
cases:
  - {name: small, kind: square, M: 4, K: 4, N: 4}
  - {name: fixed, kind: square, M: 4, K: 4, N: 4, timeout: 7}
  - {name: timed, kind: performance, M: 64, K: 64, N: 64}
)");
  INFO(problems_of(result));
  REQUIRE(result.suite);
  const TestSuite& suite = *result.suite;
  REQUIRE(suite.cases.size() == 3);
  CHECK_FALSE(suite.cases[0].timeout_given);
  CHECK(suite.cases[0].timeout_s == kDefaultTimeoutSeconds);
  CHECK(suite.cases[1].timeout_given);
  CHECK(suite.cases[1].timeout_s == 7);
  CHECK_FALSE(suite.cases[2].timeout_given);
  CHECK(suite.cases[2].timeout_s == kDefaultPerformanceTimeoutSeconds);
}

TEST_CASE("every field can be set, and defaults apply to each case", "[testcases]") {
  LoadResult result = parse(R"(lab: matmul
defaults: {timeout: 7, seed: 99}
cases:
  - name: floats
    kind: rectangular
    M: 3
    K: 4
    N: 5
    points: 2.5
    hidden: true
    distribution: uniform-float
  - name: timed
    kind: performance
    M: 64
    K: 64
    N: 64
    points: 1
    timeout: 30
    tolerance: {abs: 0.5, rel: 0.25}
    speed: {reference: naive, points: 3, full_ratio: 1.5, zero_ratio: 6, step: 0.5}
)");
  INFO(problems_of(result));
  REQUIRE(result.suite);
  const TestCase& floats = result.suite->cases.at(0);
  CHECK(floats.hidden);
  CHECK(floats.points == 2.5);
  CHECK(floats.seed == 99);
  CHECK(floats.timeout_s == 7);
  CHECK(floats.distribution == Distribution::kUniformFloat);
  CHECK(floats.tolerance.rel > 0);  // the lab's default for floats
  const TestCase& timed = result.suite->cases.at(1);
  CHECK(timed.timeout_s == 30);
  CHECK(timed.tolerance.abs == 0.5);
  CHECK(timed.tolerance.rel == 0.25);
  REQUIRE(timed.speed);
  CHECK(timed.speed->reference == "naive");
  CHECK(timed.speed->points == 3);
  CHECK(timed.speed->full_ratio == 1.5);
  CHECK(timed.speed->zero_ratio == 6);
  CHECK(timed.speed->step == 0.5);
  CHECK(timed.max_points() == 4);
}

TEST_CASE("a tolerance naming one field keeps the lab's default for the other", "[testcases]") {
  LoadResult result = parse(
      "lab: matmul\ncases:\n  - {name: f, kind: square, M: 2, K: 2, N: 2, "
      "distribution: uniform-float, tolerance: {rel: 1e-4}}\n");
  REQUIRE(result.suite);
  CHECK(result.suite->cases[0].tolerance.rel == 1e-4);
  CHECK(result.suite->cases[0].tolerance.abs == find_lab("matmul")->default_tolerance(Distribution::kUniformFloat).abs);
}

TEST_CASE("a performance case without a speed block is timed against the lab's default reference", "[testcases]") {
  LoadResult result = parse("lab: reduction\ncases:\n  - {name: big, kind: performance, n: 1000, points: 1}\n");
  REQUIRE(result.suite);
  REQUIRE(result.suite->cases[0].speed);
  CHECK(result.suite->cases[0].speed->reference == "reduce3");
  CHECK(result.suite->cases[0].speed->points == 0);
  CHECK(result.suite->cases[0].timeout_s == kDefaultPerformanceTimeoutSeconds);
}

TEST_CASE("speed_without_gpu: exclude by default, a lab-wide policy, and a case's own", "[testcases]") {
  LoadResult result = parse(R"(lab: reduction
speed_without_gpu: zero
cases:
  - {name: lab-wide, kind: performance, n: 1000, points: 1, speed: {points: 2}}
  - {name: own, kind: performance, n: 1000, points: 1, speed: {points: 2}, speed_without_gpu: exclude}
)");
  INFO(problems_of(result));
  REQUIRE(result.suite);
  CHECK(result.suite->cases[0].speed->without_gpu == SpeedWithoutGpu::kZero);
  CHECK(result.suite->cases[1].speed->without_gpu == SpeedWithoutGpu::kExclude);
  LoadResult plain = parse("lab: reduction\ncases:\n  - {name: p, kind: performance, n: 10, speed: {points: 1}}\n");
  REQUIRE(plain.suite);
  CHECK(plain.suite->cases[0].speed->without_gpu == SpeedWithoutGpu::kExclude);
}

TEST_CASE("speed_without_gpu: efficiency needs an efficiency rule in every speed rule with points", "[testcases]") {
  LoadResult result = parse(R"(lab: reduction
speed_without_gpu: efficiency
cases:
  - name: p
    kind: performance
    n: 1000
    speed: {points: 2, efficiency: {metric: shared_bank_conflict_ways, full: 1.1, zero: 4, step: 0.5}}
  - {name: unpointed, kind: performance, n: 10}
)");
  INFO(problems_of(result));
  REQUIRE(result.suite);
  const SpeedRule& speed = *result.suite->cases[0].speed;
  CHECK(speed.without_gpu == SpeedWithoutGpu::kEfficiency);
  REQUIRE(speed.efficiency);
  CHECK(speed.efficiency->metric == EfficiencyMetric::kSharedBankConflictWays);
  CHECK(speed.efficiency->full == 1.1);
  CHECK(speed.efficiency->zero == 4);
  CHECK(speed.efficiency->step == 0.5);
  for (const std::string text :
       {"lab: reduction\nspeed_without_gpu: efficiency\ncases:\n  - {name: p, kind: performance, n: 10, speed: {points: 1}}\n",
        "lab: reduction\ncases:\n  - {name: p, kind: performance, n: 10, speed: {points: 1}, speed_without_gpu: efficiency}\n"}) {
    LoadResult missing = parse(text);
    CHECK_FALSE(missing.suite);
    CHECK_THAT(problems_of(missing), Catch::Contains(":4: case 'p': speed_without_gpu is efficiency, but its speed rule "
                                                     "has no 'efficiency'") ||
                                         Catch::Contains(":3: case 'p': speed_without_gpu is efficiency, but its speed "
                                                         "rule has no 'efficiency'"));
  }
  LoadResult typo = parse("lab: reduction\ncases:\n  - {name: p, kind: performance, n: 10, speed_without_gpu: drop}\n");
  CHECK_THAT(problems_of(typo),
             Catch::Contains("cases.yaml:3: unknown speed_without_gpu 'drop' (expected exclude, zero or efficiency)"));
  LoadResult misplaced = parse("lab: reduction\ncases:\n  - {name: p, kind: square, n: 10, speed_without_gpu: zero}\n");
  CHECK_THAT(problems_of(misplaced), Catch::Contains("'speed_without_gpu' applies only to cases of kind performance"));
}

TEST_CASE("a case of kind efficiency reads its rule, with the defaults filled in", "[testcases]") {
  LoadResult result = parse(R"(lab: matmul
cases:
  - {name: coalesced-loads, kind: efficiency, M: 256, K: 256, N: 256, points: 2,
     efficiency: {metric: global_sectors_per_request, full: 4.5, zero: 16}}
  - {name: dram, kind: efficiency, M: 64, K: 64, N: 64,
     efficiency: {metric: dram_bytes_ratio, full: 1.2, zero: 3, cache_fraction: 0.5}}
)");
  INFO(problems_of(result));
  REQUIRE(result.suite);
  const TestCase& coalesced = result.suite->cases[0];
  CHECK(coalesced.kind == CaseKind::kEfficiency);
  CHECK(coalesced.points == 2);
  CHECK_FALSE(coalesced.speed);
  REQUIRE(coalesced.efficiency);
  CHECK(coalesced.efficiency->metric == EfficiencyMetric::kGlobalSectorsPerRequest);
  CHECK(coalesced.efficiency->full == 4.5);
  CHECK(coalesced.efficiency->zero == 16);
  CHECK(coalesced.efficiency->step == 0.25);
  CHECK(coalesced.efficiency->cache_fraction == 0.25);
  REQUIRE(result.suite->cases[1].efficiency);
  CHECK(result.suite->cases[1].efficiency->cache_fraction == 0.5);
}

TEST_CASE("every bad efficiency field is a file:line problem", "[testcases]") {
  const std::string head = "lab: matmul\ncases:\n";
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"  - {name: e, kind: efficiency, M: 8, K: 8, N: 8}\n",
       "cases.yaml:3: case 'e' of kind efficiency is missing 'efficiency'"},
      {"  - {name: e, kind: efficiency, M: 8, K: 8, N: 8, efficiency: 3}\n",
       "cases.yaml:3: 'efficiency' must be a mapping like {metric: global_sectors_per_request"},
      {"  - {name: e, kind: efficiency, M: 8, K: 8, N: 8, efficiency: {metric: speed, full: 1, zero: 2}}\n",
       "cases.yaml:3: unknown metric 'speed' (expected one of global_load_sectors_per_request, "
       "global_store_sectors_per_request, global_sectors_per_request, global_sectors_over_ideal, "
       "shared_bank_conflict_ways, "
       "shared_traffic_ratio, global_traffic_ratio, dram_bytes_ratio, modelled_time_ratio)"},
      {"  - {name: e, kind: efficiency, M: 8, K: 8, N: 8, efficiency: {full: 1, zero: 2}}\n",
       "cases.yaml:3: 'efficiency' is missing 'metric'"},
      {"  - {name: e, kind: efficiency, M: 8, K: 8, N: 8, efficiency: {metric: dram_bytes_ratio, zero: 2}}\n",
       "cases.yaml:3: 'efficiency' is missing 'full'"},
      {"  - {name: e, kind: efficiency, M: 8, K: 8, N: 8,\n     efficiency: {metric: dram_bytes_ratio, full: 3, zero: 2}}\n",
       "cases.yaml:4: 'efficiency' needs full < zero"},
      {"  - {name: e, kind: efficiency, M: 8, K: 8, N: 8, efficiency: {metric: dram_bytes_ratio, full: x, zero: 2}}\n",
       "cases.yaml:3: 'efficiency.full' must be a number, not 'x'"},
      {"  - {name: e, kind: efficiency, M: 8, K: 8, N: 8, efficiency: {metric: dram_bytes_ratio, full: 1, zero: 2, "
       "cache_fraction: 2}}\n",
       "cases.yaml:3: 'efficiency.cache_fraction' must be more than 0 and at most 1, not 2"},
      {"  - {name: e, kind: efficiency, M: 8, K: 8, N: 8, efficiency: {metric: global_traffic_ratio, full: 1, zero: 2, "
       "cache_fraction: 0.5}}\n",
       "cases.yaml:3: 'cache_fraction' applies only to metrics dram_bytes_ratio and modelled_time_ratio"},
      {"  - {name: e, kind: efficiency, M: 8, K: 8, N: 8, efficiency: {metric: dram_bytes_ratio, full: 1, zero: 2, "
       "ful: 1}}\n",
       "cases.yaml:3: unknown field 'ful' in efficiency"},
      {"  - {name: e, kind: square, M: 8, K: 8, N: 8, efficiency: {metric: dram_bytes_ratio, full: 1, zero: 2}}\n",
       "cases.yaml:3: 'efficiency' applies only to cases of kind efficiency"},
      {"  - {name: e, kind: efficiency, M: 8, K: 8, N: 8, speed: {points: 1},\n"
       "     efficiency: {metric: dram_bytes_ratio, full: 1, zero: 2}}\n",
       "cases.yaml:3: 'speed' applies only to cases of kind performance"},
      {"  - {name: p, kind: performance, M: 8, K: 8, N: 8, speed: {points: 1, efficiency: {metric: x, full: 1, zero: 2}}}\n",
       "cases.yaml:3: unknown metric 'x'"},
      {"  - {name: e, kind: efficiency, M: 8, K: 8, N: 8, efficiency: {metric: modelled_time_ratio, full: 1, zero: 2}}\n",
       "cases.yaml:3: case 'e': modelled_time_ratio models a performance case's time at its GPU size; put it in that "
       "case's 'speed' block"},
  };
  for (const auto& [text, expected] : cases) {
    LoadResult result = parse(head + text);
    INFO(text);
    CHECK_FALSE(result.suite);
    CHECK_THAT(problems_of(result), Catch::Contains(expected));
  }
}

TEST_CASE("a late policy in the test-case file is read with its line; a malformed one is a problem",
          "[testcases]") {
  LoadResult result = parse(R"(lab: reduction
late: {deadline: "2026-11-20 23:59", policy: "10%/day, max 3 days"}
cases:
  - {name: p, kind: square, n: 10}
)");
  INFO(problems_of(result));
  REQUIRE(result.suite);
  REQUIRE(result.suite->late);
  CHECK(result.suite->late->deadline == "2026-11-20 23:59");
  CHECK(result.suite->late->policy == "10%/day, max 3 days");
  CHECK(result.suite->late->line == 2);
  LoadResult broken = parse("lab: reduction\nlate: 10%\ncases:\n  - {name: p, kind: square, n: 10}\n");
  CHECK_THAT(problems_of(broken), Catch::Contains("cases.yaml:2: 'late' must be a mapping"));
}

TEST_CASE("malformed files name the file, the line and what is wrong", "[testcases]") {
  struct Example {
    std::string text;
    int line;
    std::string what;
  };
  const std::vector<Example> examples = {
      {"lab: matmul\ncases:\n  - {name: a, kind: square, M: 1, K: 1}\n", 3, "missing size field 'N'"},
      {"lab: matmul\ncases:\n  - {name: a, kind: cube, M: 1, K: 1, N: 1}\n", 3, "unknown kind 'cube'"},
      {"lab: matmul\ncases:\n  - {name: a, kind: square, M: -4, K: 1, N: 1}\n", 3, "'M' must be at least 1"},
      {"lab: matmul\ncases:\n  - {name: a, kind: square, M: x, K: 1, N: 1}\n", 3, "'M' must be a positive integer"},
      {"lab: matmul\ncases:\n  - {name: a, kind: square, M: 1, K: 1, N: 1, pionts: 2}\n", 3, "unknown field 'pionts'"},
      {"lab: matmul\ncases:\n  - {name: a, kind: square, M: 1, K: 1, N: 1}\n  - {name: a, kind: square, M: 1, K: 1, N: "
       "1}\n",
       4, "duplicate case name 'a'"},
      {"lab: matmul\ncases:\n  - {kind: square, M: 1, K: 1, N: 1}\n", 3, "missing 'name'"},
      {"lab: matmul\ncases:\n  - {name: a, kind: square, M: 1, K: 1, N: 1, speed: {points: 1}}\n", 3,
       "'speed' applies only to cases of kind performance"},
      {"lab: matmul\ncases:\n  - {name: a, kind: performance, M: 1, K: 1, N: 1, speed: {reference: missing}}\n", 3,
       "no reference named 'missing'"},
      {"lab: matmul\ncases:\n  - {name: a, kind: performance, M: 1, K: 1, N: 1, speed: {full_ratio: 3, zero_ratio: "
       "2}}\n",
       3, "0 < full_ratio < zero_ratio"},
      {"lab: reduction\ncases:\n  - {name: a, kind: square, n: 4, distribution: uniform-float}\n", 3,
       "does not support distribution 'uniform-float'"},
      {"lab: matmul\ncases:\n  - {name: a, kind: square, M: 100000, K: 100000, N: 1}\n", 3, "fewer than 2^31"},
      {"lab: matmul\ncases:\n  - {name: a, kind: square, M: 1, K: 1, N: 1, timeout: 0}\n", 3,
       "more than 0 and at most"},
      {"lab: matmul\ncases:\n  - {name: a, kind: square, M: 1, K: 1, N: 1, timeout: 1e20}\n", 3,
       "at most 3600 seconds"},
      {"lab: matmul\ncases:\n  - {name: a, kind: square, M: 4294967296, K: 4294967296, N: 4294967296}\n", 3,
       "must each fit in an int"},
      {"lab: matmul\ncases:\n  - {name: a, kind: square, M: 1, K: 1, N: 1, hidden: maybe}\n", 3, "true or false"},
      {"lab: no-such-lab\ncases:\n  - {name: a}\n", 1, "unknown lab 'no-such-lab'"},
      {"lab: matmul\ncases: []\n", 2, "non-empty list"},
      {"lab: matmul\ncases:\n  - {name: a, kind: square, M: 1, K: 1, N: 1\n", 4, "YAML syntax error"},
      {"cases:\n  - {name: a}\n", 1, "missing 'lab'"},
  };
  for (const Example& example : examples) {
    LoadResult result = parse(example.text);
    INFO(example.text << "\n--> " << problems_of(result));
    CHECK_FALSE(result.suite);
    REQUIRE_FALSE(result.problems.empty());
    CHECK(result.problems[0].file == "cases.yaml");
    CHECK(result.problems[0].line == example.line);
    CHECK_THAT(result.problems[0].what, Catch::Contains(example.what));
  }
}

TEST_CASE("all problems in a file are reported in one pass", "[testcases]") {
  LoadResult result = parse(R"(lab: matmul
cases:
  - {name: a, kind: cube, M: 1, K: 1, N: 1}
  - {name: b, kind: square, M: 0, K: 1, N: 1}
)");
  REQUIRE(result.problems.size() == 2);
  CHECK(result.problems[0].to_string() ==
        "cases.yaml:3: unknown kind 'cube' (expected square, non-multiple, "
        "rectangular, boundary, performance or efficiency)");
  CHECK(result.problems[1].line == 4);
}

TEST_CASE("a file that does not exist is a clear error", "[testcases]") {
  LoadResult result = load_test_suite("/nonexistent/cases.yaml", context());
  REQUIRE(result.problems.size() == 1);
  CHECK(result.problems[0].to_string() == "/nonexistent/cases.yaml: cannot open the file");
}

TEST_CASE("the shipped test cases load and cover every kind", "[testcases]") {
  const ProjectPaths paths = ProjectPaths::discover("", "");
  LoaderContext shipped = {[](const std::string& name) { return find_lab(name); },
                           [&](const std::string& lab, const std::string& reference) {
                             return std::filesystem::exists(paths.reference_file(lab, reference));
                           }};
  std::set<CaseKind> kinds;
  for (const Lab* lab : all_labs()) {
    LoadResult result = load_test_suite(paths.testcases_file(lab->name()), shipped);
    INFO(problems_of(result));
    REQUIRE(result.suite);
    CHECK(result.suite->lab == lab->name());
    for (const TestCase& test_case : result.suite->cases) kinds.insert(test_case.kind);
  }
  CHECK(kinds.size() == 6);  // square, non-multiple, rectangular, boundary, performance, efficiency
}

TEST_CASE("a speed reference is a name, never a path or a name too long for a file", "[testcases]") {
  for (const std::string& reference : {std::string("../../../etc/x"), std::string("sub/tiled"), std::string(253, 'x')}) {
    LoadResult result = parse("lab: matmul\ncases:\n  - {name: p, kind: performance, M: 64, K: 64, N: 64, points: 1,\n"
                              "     speed: {reference: \"" + reference + "\", points: 1}}\n");
    INFO(reference);
    CHECK_FALSE(result.suite);
    CHECK_THAT(problems_of(result), Catch::Contains("cases.yaml:4: speed.reference must be a reference's name"));
  }
}

}  // namespace
}  // namespace cudagrade
