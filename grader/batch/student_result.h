// One student's line in a class's grading run (`cudagrade grade`): who, what they uploaded, and either the
// grade report or why there is none (intake found no gradable file). Stored as JSON per student in the
// output folder, so a run can resume, and read by every batch printer (grades.csv, reports, summary.html).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "core/report.h"

namespace cudagrade {

struct StudentResult {
  std::string student_id;
  std::string name;
  std::string upload;  // the uploaded file's name, as the LMS delivered it
  // A case status name (core/status.h) when graded; otherwise an intake status: missing_file,
  // ambiguous_file, not_an_archive, unsafe_archive.
  std::string status;
  double score = 0;
  double max_score = 0;
  std::string message;             // one line for the instructor and the student
  std::vector<std::string> notes;  // "a later upload replaced this one", "skipped __MACOSX/"
  std::optional<GradeReport> report;
  std::string content_hash;  // of the graded file (or of the upload when nothing was graded)
  std::string cases_hash;    // of the test-case file it was graded on
  std::string isolation;     // how the runner was confined: "bwrap", "rlimits only"
};

}  // namespace cudagrade
