// grades.csv: the class's grades as an RFC 4180 file to import into an LMS (Canvas, Moodle, Blackboard) or open
// in a spreadsheet. Columns: student_id, name, score, max_score, status, message, then one per test case
// with the points that case earned, in the suite's order.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "model/student_result.h"

namespace cudagrade {

// Every student exactly once, sorted by id, broken submissions included (their status, 0 points, and the
// suite's max_score so that the LMS does not read a missing file as "out of 0"). Superseded uploads are NOT
// rows here: an LMS import takes one grade per student, so a second row would overwrite or duplicate it
// (roster.h says which upload counts); superseded_csv lists them for an audit.
// With `late_columns` (a late policy or overrides are in force), after message: raw_score (before any
// penalty or override), late_penalty (points), lateness (how late, from what, what it cost) and
// override_reason; score is then the final score.
std::string grades_csv(const std::vector<StudentResult>& results, bool late_columns = false);

// The superseded uploads in grades.csv's columns, for superseded.csv; the header alone when there are none.
std::string superseded_csv(const std::vector<StudentResult>& results);

// A number column: at most 2 decimals and no trailing zeros ("19", "7.25", "-0.5"), never defused.
std::string csv_number(double value);

// A text column: a field a spreadsheet would run as a formula (it starts with =, +, -, @, a tab or a carriage
// return, OWASP's list) gets a leading apostrophe, then the field is quoted as csv_field does.
std::string csv_text(std::string_view text);

// RFC 4180 quoting: a field holding a comma, a double quote or a line break is wrapped in double quotes with
// its own double quotes doubled; any other field is written as it is.
std::string csv_field(std::string_view text);

}  // namespace cudagrade
