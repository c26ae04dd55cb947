// What a student may see of a report: a hidden case tells its pass or fail and its points, and nothing else
// (no name that spells its size, no size, no mismatch, no picture, no timing), unless its YAML says
// `reveal: true`. Every printer of `cudagrade check` prints the redacted report (cli/command_support.cc's
// publish), so no format can leak what another hides; the instructor's gradebook shows everything.
#pragma once

#include "model/report.h"

namespace cudagrade {

// The report with every hidden case that does not reveal itself reduced to "hidden case <n>" (n counting
// the hidden cases in order), its kind, status and points.
GradeReport redacted_for_students(const GradeReport& report);

}  // namespace cudagrade
