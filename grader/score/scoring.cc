#include "score/scoring.h"

#include <algorithm>
#include <cmath>

#include <fmt/format.h>

namespace cudagrade {

double graded_ratio(double ratio) {
  return std::round(ratio * 100) / 100;
}

double speed_points(const SpeedRule& rule, double ratio) {
  if (!std::isfinite(ratio) || ratio >= rule.zero_ratio) return 0;
  if (ratio <= rule.full_ratio) return rule.points;
  const double fraction = (rule.zero_ratio - ratio) / (rule.zero_ratio - rule.full_ratio);
  const double points = rule.points * std::clamp(fraction, 0.0, 1.0);
  if (rule.step <= 0) return points;
  return std::floor(points / rule.step + 1e-9) * rule.step;
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
  if (unmeasured.policy == SpeedWithoutGpu::kZero) {
    return fmt::format("speed is graded later on the course GPU; until then its {} count as 0 here", points);
  }
  return fmt::format("speed is graded later on the course GPU; its {} are not in this total", points);
}

}  // namespace cudagrade
