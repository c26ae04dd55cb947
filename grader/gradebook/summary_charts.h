// The pictures in summary.html, drawn as inline SVG and HTML so that the page needs no script and no
// network: the score histogram, the pass-rate table with its bars, and the strip plot of speeds.
#pragma once

#include <string>
#include <vector>

#include "gradebook/class_stats.h"

namespace cudagrade {

// One <rect class="bar" data-count="N"> per bin, always (an empty bin is a bar of height 0), each with a
// <title> "[low, high): N students" that a browser shows on hover, and the edges as axis labels.
std::string histogram_svg(const std::vector<HistogramBin>& bins);

// A table: case, passed / graded, the percentage, and a bar as wide as the pass rate.
std::string pass_rate_table(const std::vector<CasePassRate>& rates);

// One row per timed case, a dot per correct submission at its ratio to the reference on a log scale (each
// doubling the same width), dashed marks at 1x, 2x and 4x; each dot's <title> names the student and links
// to their report. Ratios beyond the axis sit on its end, their title still exact.
std::string speed_svg(const std::vector<CaseSpeeds>& rows);

}  // namespace cudagrade
