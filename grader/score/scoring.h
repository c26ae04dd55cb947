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

// `points` at or under `full`, none at or over `zero`, linear in between, rounded down to a multiple of `step`
// (a step of 0 keeps the exact value): what speed rules and efficiency rules share.
double lower_is_better_points(double points, double full, double zero, double step, double figure);

// Full points at or under full_ratio, none at or over zero_ratio, linear in between, rounded down to a
// multiple of rule.step (a step of 0 keeps the exact value).
double speed_points(const SpeedRule& rule, double ratio);

// The figure efficiency points are computed from: rounded to two decimals, as ratios are (graded_ratio), so
// that a figure's last digits, which depend on the order blocks ran in, never move a grade.
double graded_figure(double figure);

// `points` by an efficiency rule: full at or under rule.full, none at or over rule.zero, stepped.
double efficiency_points(const EfficiencyRule& rule, double points, double figure);

// The efficiency rule that grades `test_case` in a run that `can_time` or not: a case of kind efficiency's own,
// or, where no GPU times it, the speed rule's under speed_without_gpu: efficiency; nullptr for neither.
const EfficiencyRule* efficiency_rule_of(const TestCase& test_case, bool can_time);

// The speed points a run that cannot time (`can_time` false: the simulator) leaves unmeasured on this case:
// none where it can time, or where the case has no speed points.
std::optional<UnmeasuredSpeed> unmeasured_speed_of(const TestCase& test_case, bool can_time);

// The case's most points in such a run: its speed points leave it where they are unmeasured and the case's
// policy is kExclude, so a perfect submission graded without a GPU scores its full total.
double case_max_points(const TestCase& test_case, bool can_time);

// What every report says about them: "speed is graded later on the course GPU" and what the policy did.
std::string unmeasured_speed_note(const UnmeasuredSpeed& unmeasured);

}  // namespace cudagrade
