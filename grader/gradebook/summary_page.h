// summary.html: the instructor's one page on a grading run, self-contained (inline CSS and SVG, no script,
// no external request) so that it opens from the output folder, a zip or an LMS attachment.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "model/student_result.h"

namespace cudagrade {

// The counts by status, the score histogram, each case's pass rate, the speeds of the correct submissions
// against the reference, the students worth a look, the similarity check's section when given (markup,
// similarity_section.h), and every student with a link to students/<id>/report.html (OutputLayout::report_href). Each student counts once (roster.h); superseded uploads are only
// counted. The page is a function of its arguments: generated_at (a date, say) is shown when given, and
// nothing else varies from run to run.
std::string summary_html(const std::vector<StudentResult>& results, const std::string& lab,
                         std::string_view generated_at = {}, std::string_view similarity_section = {});

}  // namespace cudagrade
