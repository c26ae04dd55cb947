// `cudagrade gradebook OUT --export canvas|moodle|blackboard|csv --assignment NAME`: the class's grades in
// the file an LMS imports, one exporter per format behind GradeExporter, so that every instructor does not
// write the same conversion script. Each format's header follows that LMS's documentation (README.md,
// "Grade exports", names the pages; gradebook/grade_export_test.cc checks each against a sample):
//   canvas      Student, ID, SIS User ID, SIS Login ID, Section, then one column named NAME (Canvas matches
//               the students by ID, the Canvas user id its downloads carry, and the column by name)
//   moodle      the assignment's grading worksheet: Identifier ("Participant <n>", the number Moodle's
//               downloads carry), Full name, Grade, Maximum Grade, Last modified (grade), Feedback comments
//               (the message, the lateness and an override's reason)
//   blackboard  "Last Name", "First Name", "Username", then NAME; every field quoted, as Blackboard asks
//   csv         student_id, name, NAME, max_score, status, message, raw_score, late_penalty, lateness,
//               override_reason: a plain sheet for anything else
// One row per student (roster.h's current results), broken uploads at 0 points, each with the final score
// (late_policy.h); Canvas and Blackboard would read any further column as another assignment.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "model/student_result.h"

namespace cudagrade {

struct ExportRequest {
  std::string assignment;   // the LMS's name for the assignment (--assignment)
  std::string exported_at;  // "2026-11-24 23:10:00 UTC": Moodle's worksheet asks when each grade last changed
};

struct ExportedGrades {
  std::string text;
  // What the instructor must know before importing: students whose id was read from another LMS's names,
  // and so will not match.
  std::vector<std::string> warnings;
};

class GradeExporter {
 public:
  virtual ~GradeExporter() = default;
  virtual std::string name() const = 0;  // as --export spells it
  // The LMS whose download names give the ids this format needs; empty when any id will do.
  virtual std::string id_source() const = 0;
  ExportedGrades write(const std::vector<StudentResult>& results, const ExportRequest& request) const;

 protected:
  virtual std::string header(const ExportRequest& request) const = 0;
  virtual std::string row(const StudentResult& student, const ExportRequest& request) const = 0;
};

// The exporters, in the order --export lists them; null for a name none has.
const std::vector<std::unique_ptr<GradeExporter>>& grade_exporters();
const GradeExporter* find_grade_exporter(const std::string& name);
std::string grade_exporter_names();  // "canvas, moodle, blackboard, csv"

// Where the export is written in the output folder: exports/<format>-<assignment, made a safe file name>.csv.
std::string export_file_name(const GradeExporter& exporter, const std::string& assignment);

}  // namespace cudagrade
