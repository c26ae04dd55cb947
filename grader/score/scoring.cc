#include "score/scoring.h"

#include <algorithm>
#include <cmath>

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

}  // namespace cudagrade
