// Points: correctness points for a passed case, speed points by the time ratio against a reference.
#pragma once

#include <optional>
#include <string>

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

// The speed points a run that cannot time (`can_time` false: the simulator) leaves unmeasured on this case:
// none where it can time, or where the case has no speed points.
std::optional<UnmeasuredSpeed> unmeasured_speed_of(const TestCase& test_case, bool can_time);

// The case's most points in such a run: its speed points leave it where they are unmeasured and the case's
// policy is kExclude, so a perfect submission graded without a GPU scores its full total.
double case_max_points(const TestCase& test_case, bool can_time);

// What every report says about them: "speed is graded later on the course GPU" and what the policy did.
std::string unmeasured_speed_note(const UnmeasuredSpeed& unmeasured);

}  // namespace cudagrade
