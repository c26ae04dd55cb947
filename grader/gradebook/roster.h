// Which of a grading run's results count: every student once, in a stable order. A student who uploaded
// more than once (an LMS keeps every attempt) has one current result and the others are superseded; every
// instructor-facing output (grades.csv, summary.html) lists the current ones so that a student is never
// graded twice, and the superseded ones are kept apart for an audit rather than silently dropped.
#pragma once

#include <string_view>
#include <vector>

#include "model/student_result.h"

namespace cudagrade {

// The note intake leaves on an upload that a later one by the same student replaced.
inline constexpr std::string_view kSupersededNote = "a later upload replaced this one";

// True when intake marked the result as replaced: the status "superseded" or kSupersededNote among its notes.
bool is_superseded(const StudentResult& result);

struct Roster {
  std::vector<const StudentResult*> current;     // one per student id, sorted by id
  std::vector<const StudentResult*> superseded;  // the others, sorted by id, in upload order within one id
};

// Per student id, the current result is the last one given that is not superseded (intake lists a student's
// uploads oldest first); when every one of them is marked superseded, which only a broken intake produces,
// the last is still current so that the student is not missing from the gradebook. The pointers are into
// results, which must outlive the roster.
Roster make_roster(const std::vector<StudentResult>& results);

}  // namespace cudagrade
