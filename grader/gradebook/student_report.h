// One student's report, written to students/<id>/report.md and report.html by `cudagrade grade`: who, what
// they uploaded, the verdict and score, intake's notes, the build, every case with its message, the picture
// of what went wrong and the speed against the reference, and the compile log folded away. Hidden cases are
// shown (marked hidden): these reports are the instructor's, to read or to hand back as they choose.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "model/student_result.h"

namespace cudagrade {

// Markdown (CommonMark with GitHub's tables and <details>): short student text is escaped inline, long text
// (details, logs, multi-line messages) goes in code fences longer than any run of backticks inside it.
std::string student_report_markdown(const StudentResult& student);

// A self-contained HTML page (html_page.h) in which every string from the student or their program is
// escaped, so a name or a printed line of markup shows as text.
// With `source`, the graded file follows, its blamed lines highlighted and linked from the case table
// (source_view.h).
std::string student_report_html(const StudentResult& student, std::optional<std::string_view> source = std::nullopt);

}  // namespace cudagrade
