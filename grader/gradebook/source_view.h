// The student's file in report.html: every line numbered and anchored (#L12), and the lines the report
// blames highlighted, each saying why: both lines of a race, a crash's line, a rejected line, every
// compile error and warning on the student's file. The case table links to them.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "model/report.h"

namespace cudagrade {

struct BlamedLine {
  int line = 0;
  std::vector<std::string> reasons;  // "square-128: race", "compile error: identifier \"acc\" is undefined"
};

// In line order, each line once with every reason.
std::vector<BlamedLine> blamed_lines(const GradeReport& report);

// The lines one case blames (its message's, or the compiler's for a compile error), for the case table.
std::vector<int> lines_of_case(const CaseResult& result, const GradeReport& report);

// How a source view marks its lines: report.html anchors each line (#L12) and marks the blamed ones;
// summary.html shows several files on one page (the similar pairs), so their lines carry no anchors there.
struct SourceViewStyle {
  bool anchors = true;                      // id="L<n>" and a link on each line number
  std::string marked_class = "blamed";
};

// A <pre> of the source, one <span> a line (id="L<n>" with anchors), the lines in `marked` with the style's
// class and their reasons as a title. Past kSourceViewLines lines the rest is left out, and the page says so.
std::string source_view_html(std::string_view source, const std::vector<BlamedLine>& marked,
                             const SourceViewStyle& style = {});

inline constexpr int kSourceViewLines = 5000;

}  // namespace cudagrade
