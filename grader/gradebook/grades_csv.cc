#include "gradebook/grades_csv.h"

#include <fmt/format.h>

#include <algorithm>

#include "gradebook/roster.h"

namespace cudagrade {
namespace {

// RFC 4180 ends records with CRLF; line breaks inside a quoted field are the student's and stay as they are.
constexpr std::string_view kRecordEnd = "\r\n";

struct Suite {
  std::vector<std::string> cases;  // names, in the suite's order
  double max_score = 0;
};

// The test cases come from the first graded report (in id order, so the columns do not depend on the order
// the results were given in): every report of one run is graded on the same suite.
Suite suite_of(const std::vector<const StudentResult*>& students) {
  for (const StudentResult* student : students) {
    if (!student->report || student->report->cases.empty()) continue;
    Suite suite;
    for (const CaseResult& result : student->report->cases) suite.cases.push_back(result.name);
    suite.max_score = student->report->max_score;
    return suite;
  }
  return {};
}

std::string header(const Suite& suite, bool late_columns) {
  std::string line = "student_id,name,score,max_score,status,message";
  if (late_columns) line += ",raw_score,late_penalty,lateness,override_reason";
  for (const std::string& name : suite.cases) line += "," + csv_text(name);
  return line + std::string(kRecordEnd);
}

// The points a student earned on one case, looked up by name so that a report with a case more or less
// cannot shift the columns; empty when the student has no report or the report lacks the case.
std::string case_points(const StudentResult& student, const std::string& name) {
  if (!student.report) return "";
  const std::vector<CaseResult>& cases = student.report->cases;
  auto found = std::find_if(cases.begin(), cases.end(), [&](const CaseResult& result) { return result.name == name; });
  return found == cases.end() ? "" : csv_number(found->points);
}

std::string row(const StudentResult& student, const Suite& suite, bool late_columns) {
  const double max_score = student.max_score > 0 ? student.max_score : suite.max_score;
  std::string line =
      fmt::format("{},{},{},{},{},{}", csv_text(student.student_id), csv_text(student.name), csv_number(student.score),
                  csv_number(max_score), csv_text(std::string(to_string(student.status))), csv_text(student.message));
  if (late_columns) {
    line += fmt::format(",{},{},{},{}", csv_number(student.raw_score.value_or(student.score)),
                        csv_number(student.late_penalty), csv_text(student.lateness), csv_text(student.override_reason));
  }
  for (const std::string& name : suite.cases) line += "," + case_points(student, name);
  return line + std::string(kRecordEnd);
}

std::string table(const std::vector<const StudentResult*>& rows, const Suite& suite, bool late_columns) {
  std::string csv = header(suite, late_columns);
  for (const StudentResult* student : rows) csv += row(*student, suite, late_columns);
  return csv;
}

}  // namespace

std::string grades_csv(const std::vector<StudentResult>& results, bool late_columns) {
  const Roster roster = make_roster(results);
  return table(roster.current, suite_of(roster.current), late_columns);
}

std::string superseded_csv(const std::vector<StudentResult>& results) {
  const Roster roster = make_roster(results);
  // The same columns as grades.csv, so that the two files line up when an instructor compares them.
  return table(roster.superseded, suite_of(roster.current), false);
}

std::string csv_number(double value) {
  std::string text = fmt::format("{:.2f}", value);
  text.erase(text.find_last_not_of('0') + 1);
  if (text.back() == '.') text.pop_back();
  return text == "-0" ? "0" : text;
}

std::string csv_text(std::string_view text) {
  constexpr std::string_view kFormulaStarts = "=+-@\t\r";
  if (!text.empty() && kFormulaStarts.find(text.front()) != std::string_view::npos) {
    return csv_field("'" + std::string(text));
  }
  return csv_field(text);
}

std::string csv_field(std::string_view text) {
  if (text.find_first_of(",\"\r\n") == std::string_view::npos) return std::string(text);
  std::string quoted = "\"";
  for (char c : text) {
    quoted += c;
    if (c == '"') quoted += '"';
  }
  return quoted + "\"";
}

}  // namespace cudagrade
