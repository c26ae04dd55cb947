// Points: correctness points for a passed case, speed points by the time ratio against a reference.
#pragma once

#include "core/report.h"
#include "testcases/testcase.h"

namespace cudagrade {

// Full points at or under full_ratio, none at or over zero_ratio, linear in between.
double speed_points(const SpeedRule& rule, double ratio);

}  // namespace cudagrade
