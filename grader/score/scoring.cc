#include "score/scoring.h"

#include <algorithm>
#include <cmath>

#include <fmt/format.h>

namespace cudagrade {

double graded_ratio(double ratio) {
  return std::round(ratio * 100) / 100;
}

double lower_is_better_points(double points, double full, double zero, double step, double figure) {
  if (!std::isfinite(figure) || figure >= zero) return 0;
  if (figure <= full) return points;
  const double fraction = (zero - figure) / (zero - full);
  const double earned = points * std::clamp(fraction, 0.0, 1.0);
  if (step <= 0) return earned;
  return std::floor(earned / step + 1e-9) * step;
}

double speed_points(const SpeedRule& rule, double ratio) {
  return lower_is_better_points(rule.points, rule.full_ratio, rule.zero_ratio, rule.step, ratio);
}

double graded_figure(double figure) {
  return graded_ratio(figure);
}

double efficiency_points(const EfficiencyRule& rule, double points, double figure) {
  return lower_is_better_points(points, rule.full, rule.zero, rule.step, graded_figure(figure));
}

const EfficiencyRule* efficiency_rule_of(const TestCase& test_case, bool can_time) {
  if (test_case.kind == CaseKind::kEfficiency && test_case.efficiency) return &*test_case.efficiency;
  const std::optional<UnmeasuredSpeed> unmeasured = unmeasured_speed_of(test_case, can_time);
  if (unmeasured && unmeasured->policy == SpeedWithoutGpu::kEfficiency && test_case.speed->efficiency) {
    return &*test_case.speed->efficiency;
  }
  return nullptr;
}

std::optional<UnmeasuredSpeed> unmeasured_speed_of(const TestCase& test_case, bool can_time) {
  if (can_time || !test_case.speed || test_case.speed->points <= 0) return std::nullopt;
  return UnmeasuredSpeed{test_case.speed->without_gpu, test_case.speed->points};
}

double case_max_points(const TestCase& test_case, bool can_time) {
  const std::optional<UnmeasuredSpeed> unmeasured = unmeasured_speed_of(test_case, can_time);
  if (unmeasured && unmeasured->policy == SpeedWithoutGpu::kExclude) return test_case.points;
  return test_case.max_points();
}

std::string unmeasured_speed_note(const UnmeasuredSpeed& unmeasured) {
  const std::string points = fmt::format("{:g} speed point{}", unmeasured.points, unmeasured.points == 1 ? "" : "s");
  if (unmeasured.policy == SpeedWithoutGpu::kEfficiency) {
    return fmt::format("no GPU timed this case, so its {} were graded by its efficiency rule, counted by the "
                       "simulator; speed is graded later on the course GPU",
                       points);
  }
  if (unmeasured.policy == SpeedWithoutGpu::kZero) {
    return fmt::format("speed is graded later on the course GPU; until then its {} count as 0 here", points);
  }
  return fmt::format("speed is graded later on the course GPU; its {} are not in this total", points);
}

}  // namespace cudagrade
