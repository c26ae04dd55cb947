// The words every printer uses for the same things: points, sizes, a one-line headline, how fast a case ran,
// and what a student reads about a case.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "model/report.h"

namespace cudagrade {

// "7", "0.5", "3.999": four significant digits, no trailing zeros.
std::string points_text(double points);

// "128x128x128".
std::string size_text(const std::vector<int64_t>& size);

// The first line of a message, cut to width characters (the last three "...") when it is longer.
std::string headline(std::string_view message, size_t width);

// Every number a speed measurement produced, each worded once, for every report that shows it: the text
// line below, JUnit's facts and GitHub's speed table. Times in ms to four significant digits, rates whole
// from 100 up, the ratio to three digits.
struct SpeedWords {
  std::string median_ms, samples, spread_percent, gflops, gbps;
  std::string reference;  // "tiled_boundary (3 ms)"; empty when the reference was not timed
  std::string ratio;      // "0.5"; empty without a ratio
  std::vector<std::pair<std::string, std::string>> baselines;  // {"cublas", "1"}: name and median ms
  std::string percent_of_baseline, percent_of_bandwidth;      // "67"; empty when unknown
  std::string points;
  std::string note;
};
SpeedWords speed_words(const SpeedResult& speed);

// "median 1.5 ms over 20 samples (spread 0.40%), ...; 0.5x the time of reference tiled_boundary (3 ms);
// cublas 1 ms (67% of its speed); speed points 4": every number the timing produced, on one line.
std::string speed_line(const SpeedResult& speed);

// "global_traffic_ratio 2.03x the fewest bytes (full points at or under 1.5, none at or over 16), counted by
// the simulator at 128x128x128: 1.75 of 2 points": the figure, its thresholds and what counted it.
std::string efficiency_line(const EfficiencyResult& efficiency);

// Text cut to `limit` bytes, saying how much was left out: a flood of output stays readable.
std::string clipped(std::string_view text, size_t limit);

// "graded by cudagrade 0.1.0 (commit 5b0d191d2c1a), test cases 9f1c...": every report's record of what graded
// it, so that a regrade can say what changed.
std::string graded_by_text(const GradedBy& graded_by);
// The lines of the student's file that a message names, in order, each once: "line 20" in a race or a
// crash ("writes it at line 20"), "<compiled_as> line 6" in a rejection; not "declared at line 13" (where an
// array is declared is context, not the fault) nor "other.h line 3" (another file).
std::vector<int> student_lines_in(std::string_view message, std::string_view compiled_as);

// What a student reads about one case on a course platform (Gradescope, PrairieLearn): the message, the
// picture of what went wrong, and how fast it ran.
std::string case_feedback(const CaseResult& result);

}  // namespace cudagrade
