#include "gradebook/summary_charts.h"

#include "gradebook/layout.h"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cmath>

#include "gradebook/html_page.h"
#include "report/escape.h"
#include "report/report_text.h"

namespace cudagrade {
namespace {

// Histogram geometry, in SVG user units.
constexpr double kBarArea = 150;  // the tallest bar's height
constexpr double kBarWidth = 44;
constexpr double kBarGap = 4;
constexpr double kHistogramLeft = 30, kHistogramTop = 10;

// Speed strip geometry.
constexpr double kStripLabels = 170;  // room for the case names on the left
constexpr double kStripWidth = 520;
constexpr double kStripRow = 36;
constexpr double kStripTop = 20;
constexpr double kStripPad = 10;  // keeps a dot at either end of the axis clear of the labels
// The axis spans at least 1/2x..8x and at most 1/16x..64x: wide enough that the marks at 1x, 2x and 4x are
// always there, narrow enough that one runaway submission does not squash the class into a corner.
constexpr int kMinLog2 = -4, kMaxLog2 = 6;

std::string bin_title(const HistogramBin& bin, bool last) {
  return fmt::format("[{}, {}{}: {} student{}", points_text(bin.low), points_text(bin.high), last ? "]" : ")",
                     bin.count, bin.count == 1 ? "" : "s");
}

struct Axis {
  int low = -1, high = 3;  // log2 of the ends
  double x(double ratio) const {
    const double at = std::clamp(std::log2(ratio), static_cast<double>(low), static_cast<double>(high));
    return kStripLabels + kStripPad + (at - low) / (high - low) * (kStripWidth - 2 * kStripPad);
  }
};

Axis axis_for(const std::vector<CaseSpeeds>& rows) {
  Axis axis;
  for (const CaseSpeeds& row : rows) {
    for (const SpeedPoint& point : row.points) {
      if (point.ratio <= 0) continue;
      axis.low = std::min(axis.low, static_cast<int>(std::floor(std::log2(point.ratio))));
      axis.high = std::max(axis.high, static_cast<int>(std::ceil(std::log2(point.ratio))));
    }
  }
  axis.low = std::max(axis.low, kMinLog2);
  axis.high = std::min(axis.high, kMaxLog2);
  return axis;
}

std::string ratio_label(int log2_ratio) {
  return log2_ratio >= 0 ? fmt::format("{}x", 1 << log2_ratio) : fmt::format("1/{}x", 1 << -log2_ratio);
}

// Grid lines at every power of two, dashed marks at 1x, 2x and 4x.
std::string speed_axis(const Axis& axis, double bottom) {
  std::string svg;
  for (int e = axis.low; e <= axis.high; ++e) {
    const double x = axis.x(std::exp2(e));
    const bool mark = e >= 0 && e <= 2;
    svg += fmt::format("<line class=\"{}\" x1=\"{:.1f}\" y1=\"{}\" x2=\"{:.1f}\" y2=\"{}\" stroke=\"#ddd\"/>\n",
                       mark ? "mark" : "grid", x, kStripTop - 6, x, bottom);
    svg +=
        fmt::format("<text x=\"{:.1f}\" y=\"{}\" text-anchor=\"middle\">{}</text>\n", x, bottom + 14, ratio_label(e));
  }
  return svg;
}

// Dots of one row spread over five heights, so that equal times stay visible as separate dots.
std::string speed_row(const CaseSpeeds& row, const Axis& axis, double middle) {
  constexpr std::array<double, 5> kJitter = {0, -8, 8, -4, 4};
  std::string svg = fmt::format("<text x=\"{}\" y=\"{:.1f}\" text-anchor=\"end\">{}</text>\n", kStripLabels - 8,
                                middle + 4, html_text(row.name));
  if (row.points.empty()) {
    svg += fmt::format("<text x=\"{}\" y=\"{:.1f}\" fill=\"#777\">no correct timed submission</text>\n",
                       kStripLabels + 4, middle + 4);
  }
  for (size_t i = 0; i < row.points.size(); ++i) {
    const SpeedPoint& point = row.points[i];
    const StudentResult& student = *point.student;
    const std::string title =
        fmt::format("{} {}: {:.3g}x the time of {}", student.student_id, student.name, point.ratio, row.reference);
    svg += fmt::format(
        "<a href=\"{}\"><circle class=\"dot\" cx=\"{:.1f}\" cy=\"{:.1f}\" r=\"4\" data-ratio=\"{:.3g}\">"
        "<title>{}</title></circle></a>\n",
        html_attribute(OutputLayout::report_href(student.student_id)), axis.x(point.ratio), middle + kJitter[i % 5],
        point.ratio, html_text(title));
  }
  return svg;
}

}  // namespace

std::string histogram_svg(const std::vector<HistogramBin>& bins) {
  int tallest = 1;
  for (const HistogramBin& bin : bins) tallest = std::max(tallest, bin.count);
  const double width = kHistogramLeft + bins.size() * (kBarWidth + kBarGap) + 20;
  const double bottom = kHistogramTop + kBarArea;
  std::string svg = fmt::format(
      "<svg class=\"histogram\" xmlns=\"http://www.w3.org/2000/svg\" width=\"{0}\" height=\"{1}\" "
      "viewBox=\"0 0 {0} {1}\" role=\"img\" aria-label=\"score histogram\">\n",
      width, bottom + 36);
  svg += fmt::format("<text x=\"0\" y=\"{}\">{}</text>\n", kHistogramTop + 10, tallest);
  svg += fmt::format("<text x=\"0\" y=\"{}\">0</text>\n", bottom);
  for (size_t i = 0; i < bins.size(); ++i) {
    const HistogramBin& bin = bins[i];
    const double height = kBarArea * bin.count / tallest;
    const double x = kHistogramLeft + i * (kBarWidth + kBarGap);
    svg += fmt::format(
        "<rect class=\"bar\" data-count=\"{}\" x=\"{}\" y=\"{:.1f}\" width=\"{}\" height=\"{:.1f}\">"
        "<title>{}</title></rect>\n",
        bin.count, x, bottom - height, kBarWidth, height, bin_title(bin, i + 1 == bins.size()));
    svg += fmt::format("<text x=\"{}\" y=\"{}\">{}</text>\n", x, bottom + 14, points_text(bin.low));
  }
  if (!bins.empty()) {
    svg += fmt::format("<text x=\"{}\" y=\"{}\">{}</text>\n", kHistogramLeft + bins.size() * (kBarWidth + kBarGap),
                       bottom + 14, points_text(bins.back().high));
  }
  svg += fmt::format("<text x=\"{}\" y=\"{}\">points</text>\n", kHistogramLeft, bottom + 32);
  return svg + "</svg>\n";
}

std::string pass_rate_table(const std::vector<CasePassRate>& rates) {
  std::string html = "<table class=\"pass-rates\">\n<tr><th>case</th><th>passed</th><th>rate</th><th></th></tr>\n";
  for (const CasePassRate& rate : rates) {
    // A case nobody's run could grade has no rate: 0% would read as if the whole class had failed it.
    const std::string name = html_text(rate.name) + (rate.hidden ? " (hidden)" : "") +
                             (rate.speed_not_measured > 0 ? " <span class=\"note\">speed not measured</span>" : "");
    if (rate.graded == 0) {
      html += fmt::format("<tr><td>{}</td><td class=\"num\">&ndash;</td><td class=\"num\">not measured</td><td></td></tr>\n",
                          name);
      continue;
    }
    const double percent = 100 * rate.rate();
    html += fmt::format(
        "<tr><td>{}</td><td class=\"num\">{} / {}</td><td class=\"num\">{:.0f}%</td>"
        "<td><div class=\"meter\"><div style=\"width: {:.1f}%\"></div></div></td></tr>\n",
        name, rate.passed, rate.graded, percent, percent);
  }
  return html + "</table>\n";
}

std::string speed_svg(const std::vector<CaseSpeeds>& rows) {
  const Axis axis = axis_for(rows);
  const double bottom = kStripTop + rows.size() * kStripRow;
  const double width = kStripLabels + kStripWidth + 30;
  std::string svg = fmt::format(
      "<svg class=\"speeds\" xmlns=\"http://www.w3.org/2000/svg\" width=\"{0}\" height=\"{1}\" "
      "viewBox=\"0 0 {0} {1}\" role=\"img\" aria-label=\"time against the reference\">\n",
      width, bottom + 36);
  svg += speed_axis(axis, bottom);
  for (size_t i = 0; i < rows.size(); ++i) svg += speed_row(rows[i], axis, kStripTop + (i + 0.5) * kStripRow);
  svg += fmt::format("<text x=\"{}\" y=\"{}\">time / the reference's time (left is faster)</text>\n", kStripLabels,
                     bottom + 32);
  return svg + "</svg>\n";
}

}  // namespace cudagrade
