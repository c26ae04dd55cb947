#include "report/report_text.h"

#include <fmt/format.h>

#include <algorithm>
#include <regex>

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

SpeedWords speed_words(const SpeedResult& speed) {
  SpeedWords words;
  words.median_ms = fmt::format("{:.4g}", speed.student.median_ms);
  words.samples = std::to_string(speed.student.samples);
  words.spread_percent = fmt::format("{:.2f}", 100 * speed.student.noise);
  words.gflops = rate_text(speed.gflops);
  words.gbps = rate_text(speed.gbps);
  if (speed.reference_timing) {
    words.reference = fmt::format("{} ({:.4g} ms)", speed.reference, speed.reference_timing->median_ms);
  }
  if (speed.ratio) words.ratio = fmt::format("{:.3g}", *speed.ratio);
  for (const BaselineTiming& baseline : speed.baselines) {
    words.baselines.emplace_back(baseline.name, fmt::format("{:.4g}", baseline.timing.median_ms));
  }
  if (speed.percent_of_baseline) words.percent_of_baseline = fmt::format("{:.0f}", *speed.percent_of_baseline);
  if (speed.percent_of_bandwidth) words.percent_of_bandwidth = fmt::format("{:.0f}", *speed.percent_of_bandwidth);
  words.points = points_text(speed.points);
  words.note = speed.note;
  return words;
}

std::string speed_line(const SpeedResult& speed) {
  const SpeedWords words = speed_words(speed);
  std::string line = fmt::format("median {} ms over {} samples (spread {}%), {} GFLOP/s, {} GB/s", words.median_ms,
                                 words.samples, words.spread_percent, words.gflops, words.gbps);
  if (!words.ratio.empty() && !words.reference.empty()) {
    line += fmt::format("; {}x the time of reference {}", words.ratio, words.reference);
  }
  for (const auto& [name, median_ms] : words.baselines) line += fmt::format("; {} {} ms", name, median_ms);
  if (!words.percent_of_baseline.empty()) line += fmt::format(" ({}% of its speed)", words.percent_of_baseline);
  if (!words.percent_of_bandwidth.empty()) line += fmt::format("; {}% of copy bandwidth", words.percent_of_bandwidth);
  line += "; speed points " + words.points;
  if (!words.note.empty()) line += " (" + words.note + ")";
  return line;
}

std::string efficiency_line(const EfficiencyResult& efficiency) {
  const std::string_view unit = unit_of(efficiency.metric);
  const std::string figure =
      efficiency.value ? fmt::format("{} {:.2f}{}", to_string(efficiency.metric), *efficiency.value, unit)
                       : fmt::format("{} not measured", to_string(efficiency.metric));
  std::string line = fmt::format("{} (full points at or under {:g}, none at or over {:g})", figure, efficiency.full,
                                 efficiency.zero);
  if (!efficiency.counted_by.empty()) {
    line += fmt::format(", counted by the {} at {}", efficiency.counted_by, size_text(efficiency.size));
  }
  if (efficiency.recount_value) {
    line += fmt::format(" and again at {} ({:.2f}{})", size_text(efficiency.recount_size), *efficiency.recount_value, unit);
  }
  line += fmt::format(": {} of {} {}points", points_text(efficiency.points), points_text(efficiency.max_points),
                      efficiency.grades_speed ? "speed " : "");
  if (!efficiency.note.empty()) line += " (" + efficiency.note + ")";
  return line;
}

std::vector<int> student_lines_in(std::string_view message, std::string_view compiled_as) {
  static const std::regex kLine(R"((\S*) ?line (\d{1,7})\b)");
  std::vector<int> lines;
  const std::string text(message);
  for (auto it = std::sregex_iterator(text.begin(), text.end(), kLine); it != std::sregex_iterator(); ++it) {
    const std::string before = (*it)[1];
    const bool other_file = before.find('.') != std::string::npos && before != compiled_as;
    const bool declaration = it->position() >= 9 && text.compare(static_cast<size_t>(it->position()) - 9, 9, "declared ") == 0;
    if (other_file || declaration) continue;
    const int line = std::stoi((*it)[2]);
    if (std::find(lines.begin(), lines.end(), line) == lines.end()) lines.push_back(line);
  }
  return lines;
}

std::string clipped(std::string_view text, size_t limit) {
  if (text.size() <= limit) return std::string(text);
  return fmt::format("{}\n... ({} more bytes)", text.substr(0, limit), text.size() - limit);
}

std::string graded_by_text(const GradedBy& graded_by) {
  std::string text = fmt::format("graded by cudagrade {} (commit {})", graded_by.version, graded_by.commit);
  if (!graded_by.cases_hash.empty()) text += ", test cases " + graded_by.cases_hash;
  return text;
}

std::string case_feedback(const CaseResult& result) {
  std::string text = result.message;
  if (!result.details.empty()) text += "\n" + result.details;
  if (result.speed) text += "\nspeed: " + speed_line(*result.speed);
  if (result.efficiency) text += "\nefficiency: " + efficiency_line(*result.efficiency);
  return text;
}

}  // namespace cudagrade
