#include "score/scoring.h"

#include <catch2/catch.hpp>
#include <limits>

namespace cudagrade {
namespace {

TEST_CASE("speed points fall linearly from full_ratio to zero_ratio", "[score]") {
  const SpeedRule rule{"tiled_boundary", 4, 1.0, 3.0, 0};
  CHECK(speed_points(rule, 0.3) == 4);
  CHECK(speed_points(rule, 1.0) == 4);
  CHECK(speed_points(rule, 1.5) == Approx(3));
  CHECK(speed_points(rule, 2.0) == Approx(2));
  CHECK(speed_points(rule, 3.0) == 0);
  CHECK(speed_points(rule, 40) == 0);
  CHECK(speed_points(rule, std::numeric_limits<double>::quiet_NaN()) == 0);
  CHECK(speed_points(rule, std::numeric_limits<double>::infinity()) == 0);
}

TEST_CASE("points come in whole steps, so the noise of a regrade rarely moves them", "[score]") {
  // Measured on an H200 (docs/BENCHMARKS.md): five regrades of one file gave ratios 1.2617 to 1.2661
  // against reduce4, which the exact rule turned into 2.73 or 2.74 speed points.
  const SpeedRule rule{"reduce4", 3, 1.0, 4.0, 0.25};
  for (double ratio : {1.2617, 1.2624, 1.2626, 1.2635, 1.2661}) CHECK(speed_points(rule, graded_ratio(ratio)) == 2.5);
  CHECK(speed_points(rule, 1.0) == 3);
  CHECK(speed_points(rule, 3.99) == 0);
  CHECK(speed_points(rule, 3.6) == 0.25);
}

TEST_CASE("ratios are graded to two decimals, so timing noise below that does not move points", "[score]") {
  const SpeedRule rule{"tiled_boundary", 4, 1.0, 2.0, 0.25};
  CHECK(graded_ratio(1.0041) == Approx(1.0));
  CHECK(graded_ratio(0.9962) == Approx(1.0));
  CHECK(speed_points(rule, graded_ratio(1.0041)) == speed_points(rule, graded_ratio(0.9962)));
  CHECK(graded_ratio(1.456) == Approx(1.46));
}

TEST_CASE("totals add every case's points and name the verdict", "[score]") {
  GradeReport report;
  report.cases.push_back({.status = CaseStatus::kPassed, .points = 1, .max_points = 1});
  report.cases.push_back({.status = CaseStatus::kWrongAnswer, .points = 0, .max_points = 2});
  report.cases.push_back({.status = CaseStatus::kPassed, .points = 2.5, .max_points = 5});
  total_up(report);
  CHECK(report.score == 3.5);
  CHECK(report.max_score == 8);
  CHECK(report.verdict == CaseStatus::kWrongAnswer);
}

TEST_CASE("speed points nothing timed leave the case's maximum under exclude and stay at 0 under zero", "[score]") {
  TestCase timed;
  timed.kind = CaseKind::kPerformance;
  timed.points = 1;
  timed.speed = SpeedRule{"tiled_boundary", 4, 1.0, 2.0, 0.25};
  CHECK(case_max_points(timed, /*can_time=*/true) == 5);
  CHECK_FALSE(unmeasured_speed_of(timed, true));
  CHECK(case_max_points(timed, /*can_time=*/false) == 1);
  REQUIRE(unmeasured_speed_of(timed, false));
  CHECK(unmeasured_speed_of(timed, false)->points == 4);
  CHECK(unmeasured_speed_note(*unmeasured_speed_of(timed, false)) ==
        "speed is graded later on the course GPU; its 4 speed points are not in this total");
  timed.speed->without_gpu = SpeedWithoutGpu::kZero;
  CHECK(case_max_points(timed, false) == 5);
  CHECK(unmeasured_speed_note(*unmeasured_speed_of(timed, false)) ==
        "speed is graded later on the course GPU; until then its 4 speed points count as 0 here");
  TestCase untimed;
  untimed.points = 2;
  CHECK(case_max_points(untimed, false) == 2);
  CHECK_FALSE(unmeasured_speed_of(untimed, false));
  timed.speed->points = 0;  // a performance case worth nothing for speed: nothing is unmeasured
  CHECK_FALSE(unmeasured_speed_of(timed, false));
}

TEST_CASE("efficiency points fall linearly from full to zero on the figure rounded to two decimals", "[score]") {
  EfficiencyRule rule;
  rule.metric = EfficiencyMetric::kGlobalSectorsPerRequest;
  rule.full = 4.5;
  rule.zero = 16;
  rule.step = 0.25;
  CHECK(efficiency_points(rule, 2, 4.0) == 2);
  CHECK(efficiency_points(rule, 2, 4.5) == 2);
  CHECK(efficiency_points(rule, 2, 4.504) == 2);  // 4.50 once graded
  // (16 - 10.25) / 11.5 = 0.5 of 2 points: exactly 1.
  CHECK(efficiency_points(rule, 2, 10.25) == 1);
  // (16 - 12) / 11.5 * 2 = 0.696 points, down to the step below: 0.5.
  CHECK(efficiency_points(rule, 2, 12) == 0.5);
  CHECK(efficiency_points(rule, 2, 16) == 0);
  CHECK(efficiency_points(rule, 2, 32) == 0);
  CHECK(efficiency_points(rule, 2, std::numeric_limits<double>::quiet_NaN()) == 0);
  rule.step = 0;
  CHECK(efficiency_points(rule, 2, 12) == Approx(8.0 / 11.5));
  // A figure's digits past the second decimal never move points.
  rule.step = 0.25;
  CHECK(efficiency_points(rule, 2, 7.3349) == efficiency_points(rule, 2, 7.3351 - 0.001));
}

TEST_CASE("the efficiency rule that grades a case: its own, or its speed rule's only where nothing times it",
          "[score]") {
  TestCase efficiency;
  efficiency.kind = CaseKind::kEfficiency;
  efficiency.efficiency = EfficiencyRule{EfficiencyMetric::kDramBytesRatio, 1.2, 3};
  CHECK(efficiency_rule_of(efficiency, true) == &*efficiency.efficiency);
  CHECK(efficiency_rule_of(efficiency, false) == &*efficiency.efficiency);
  CHECK(case_max_points(efficiency, false) == efficiency.points);

  TestCase timed;
  timed.kind = CaseKind::kPerformance;
  timed.points = 1;
  timed.speed = SpeedRule{"tiled_boundary", 4, 1.0, 2.0, 0.25, SpeedWithoutGpu::kEfficiency,
                          EfficiencyRule{EfficiencyMetric::kGlobalTrafficRatio, 1.5, 16}};
  CHECK(efficiency_rule_of(timed, true) == nullptr);  // a GPU times it: the rule waits
  CHECK(efficiency_rule_of(timed, false) == &*timed.speed->efficiency);
  CHECK(case_max_points(timed, false) == 5);  // the speed points stay in the total, graded by the rule
  CHECK(unmeasured_speed_note(*unmeasured_speed_of(timed, false)) ==
        "no GPU timed this case, so its 4 speed points were graded by its efficiency rule, counted by the simulator; "
        "speed is graded later on the course GPU");
  timed.speed->without_gpu = SpeedWithoutGpu::kZero;
  CHECK(efficiency_rule_of(timed, false) == nullptr);
}

}  // namespace
}  // namespace cudagrade
