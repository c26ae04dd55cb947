#include "report/report_text.h"

#include <fmt/format.h>

namespace cudagrade {

std::string points_text(double points) {
  return fmt::format("{:.4g}", points);
}

std::string size_text(const std::vector<int64_t>& size) {
  return fmt::format("{}", fmt::join(size, "x"));
}

std::string headline(std::string_view message, size_t width) {
  std::string line(message.substr(0, message.find('\n')));
  if (line.size() > width) line = line.substr(0, width - 3) + "...";
  return line;
}

namespace {

// 39939 GFLOP/s reads better whole than as 3.994e+04; small rates keep three significant digits.
std::string rate_text(double rate) {
  return rate >= 100 ? fmt::format("{:.0f}", rate) : fmt::format("{:.3g}", rate);
}

}  // namespace

std::string speed_line(const SpeedResult& speed) {
  std::string line =
      fmt::format("median {:.4g} ms over {} samples (spread {:.2f}%), {} GFLOP/s, {} GB/s", speed.student.median_ms,
                  speed.student.samples, 100 * speed.student.noise, rate_text(speed.gflops), rate_text(speed.gbps));
  if (speed.ratio && speed.reference_timing) {
    line += fmt::format("; {:.3g}x the time of reference {} ({:.4g} ms)", *speed.ratio, speed.reference,
                        speed.reference_timing->median_ms);
  }
  for (const BaselineTiming& baseline : speed.baselines) {
    line += fmt::format("; {} {:.4g} ms", baseline.name, baseline.timing.median_ms);
  }
  if (speed.percent_of_baseline) line += fmt::format(" ({:.0f}% of its speed)", *speed.percent_of_baseline);
  if (speed.percent_of_bandwidth) line += fmt::format("; {:.0f}% of copy bandwidth", *speed.percent_of_bandwidth);
  line += fmt::format("; speed points {}", points_text(speed.points));
  if (!speed.note.empty()) line += " (" + speed.note + ")";
  return line;
}

std::string case_feedback(const CaseResult& result) {
  std::string text = result.message;
  if (!result.details.empty()) text += "\n" + result.details;
  if (result.speed) text += "\nspeed: " + speed_line(*result.speed);
  return text;
}

}  // namespace cudagrade
