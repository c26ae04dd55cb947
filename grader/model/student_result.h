// One student's line in a class's grading run (`cudagrade grade`): who, what they uploaded, and either the
// grade report or why there is none (intake found no gradable file). Stored as JSON per student in the
// output folder, so a run can resume, and read by every batch printer (grades.csv, reports, summary.html).
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "model/report.h"

namespace cudagrade {

// Why a student's upload has no grade report: intake found nothing gradable in it, or a later upload from the
// same student replaced it.
enum class UploadProblem { kMissingFile, kAmbiguousFile, kNotAnArchive, kUnsafeArchive, kTooLarge, kDamaged, kSuperseded };

// What a student's line shows: the graded report's verdict, or why there is no report.
using StudentStatus = std::variant<CaseStatus, UploadProblem>;

std::string_view to_string(UploadProblem problem);
std::string_view to_string(const StudentStatus& status);
std::optional<StudentStatus> student_status_from_string(std::string_view text);

struct StudentResult {
  std::string student_id;
  std::string name;
  std::string upload;  // the uploaded file's name, as the LMS delivered it
  StudentStatus status = UploadProblem::kMissingFile;
  double score = 0;
  double max_score = 0;
  std::string message;             // one line for the instructor and the student
  std::vector<std::string> notes;  // "a later upload replaced this one", "skipped __MACOSX/"
  std::optional<GradeReport> report;
  std::string content_hash;  // of the graded file (or of the upload when nothing was graded)
  std::string cases_hash;    // of the test-case file it was graded on
  std::string grader_version;  // the cudagrade that graded it (core/version.h), so a regrade can say what changed
  std::string grader_commit;
  std::string isolation;     // how the runner was confined: "bwrap", "rlimits only"
  // Whose naming the id was read from (intake/identity.h): "canvas", "moodle", "blackboard", "custom" or
  // "file-stem". An LMS export needs ids of its own kind (gradebook/grade_export.h).
  std::string id_source;
  // When the upload came in, as seconds of the LMS's wall clock (gradebook/late_policy.h), and from what:
  // "the LMS's file name" or "the file's time"; the LMS's own "late" mark (Canvas) when it gave one.
  std::optional<int64_t> uploaded_at;
  std::string uploaded_from;
  bool marked_late = false;
  // Filled when the gradebook is written (apply_late_rules): the score before any late penalty or
  // override, what lateness cost, and an override's reason. Not stored in result.json.
  std::optional<double> raw_score;
  std::string lateness;          // "2 days late (...): -20%", empty when on time or without a policy
  double late_penalty = 0;       // points taken off
  std::string override_reason;   // set when the instructor overrode the score
};

}  // namespace cudagrade
