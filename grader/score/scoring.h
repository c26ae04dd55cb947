// Points: correctness points for a passed case, speed points by the time ratio against a reference.
#pragma once

#include "model/report.h"
#include "model/testcase.h"

namespace cudagrade {

// The ratio speed points are computed from: the measured one rounded to two decimals. Medians repeat to
// well under 1% (docs/BENCHMARKS.md), so regrading the same file gives the same points, not a new fourth
// decimal each time.
double graded_ratio(double ratio);

// Full points at or under full_ratio, none at or over zero_ratio, linear in between, rounded down to a
// multiple of rule.step (a step of 0 keeps the exact value).
double speed_points(const SpeedRule& rule, double ratio);

}  // namespace cudagrade
