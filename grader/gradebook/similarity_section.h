// summary.html's "Similar submissions" section: the flagged pairs of the class's similarity check
// (similarity_report.h), each with the two files side by side and the lines they share marked, and what
// the check did and did not do. Every byte of a student's file and id is escaped (report/escape.h): the
// files are hostile input.
#pragma once

#include <optional>
#include <string>

#include "gradebook/similarity_report.h"

namespace cudagrade {

// nullopt: the check was turned off (--no-similarity), which the section says.
std::string similarity_section_html(const std::optional<SimilarityReport>& report);

}  // namespace cudagrade
