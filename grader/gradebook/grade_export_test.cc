// Each exporter against a sample import file whose header comes from that LMS's documentation
// (tests/data/lms/README.md names the pages): the columns the LMS reads are there, spelt as it spells them.
#include "gradebook/grade_export.h"

#include <algorithm>
#include <catch2/catch.hpp>

#include "core/files.h"
#include "testing/sample_class.h"

namespace cudagrade {
namespace {

using Record = std::vector<std::string>;

// RFC 4180: records end with CRLF (or LF, in the samples), quoted fields may hold commas, doubled quotes and
// line breaks.
std::vector<Record> records(const std::string& text) {
  std::vector<Record> out;
  Record record(1);
  bool quoted = false;
  for (size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (quoted && c == '"' && i + 1 < text.size() && text[i + 1] == '"') {
      record.back() += '"';
      ++i;
    } else if (c == '"') {
      quoted = !quoted;
    } else if (!quoted && c == ',') {
      record.emplace_back();
    } else if (!quoted && (c == '\n' || c == '\r')) {
      if (c == '\r' && i + 1 < text.size() && text[i + 1] == '\n') ++i;
      out.push_back(record);
      record = Record(1);
    } else {
      record.back() += c;
    }
  }
  if (record.size() > 1 || !record.front().empty()) out.push_back(record);
  return out;
}

Record sample_header(const std::string& file) {
  return records(read_file(std::string(CUDAGRADE_SOURCE_ROOT) + "/tests/data/lms/" + file)).at(0);
}

// The sample class with the ids its LMS would give: every id read from `source`'s names.
std::vector<StudentResult> class_from(const std::string& source) {
  std::vector<StudentResult> results = testing::sample_class();
  for (StudentResult& student : results) student.id_source = source;
  return results;
}

const ExportRequest kRequest{"Lab 3", "2026-11-24 23:10:00 UTC"};

std::string exported(const std::string& format, const std::vector<StudentResult>& results) {
  const GradeExporter* exporter = find_grade_exporter(format);
  REQUIRE(exporter != nullptr);
  const ExportedGrades grades = exporter->write(results, kRequest);
  CHECK(grades.warnings.empty());
  return grades.text;
}

TEST_CASE("canvas: Canvas's identity columns, then one column named as the assignment", "[gradebook][export]") {
  const std::string text = exported("canvas", class_from("canvas"));
  const std::vector<Record> rows = records(text);
  CHECK(rows.at(0) == sample_header("canvas-gradebook-import.csv"));
  REQUIRE(rows.size() == 1 + 7);  // one row a student; s06's superseded upload is not one
  CHECK(text.find("\r\nAda Lovelace,s01,,,,8\r\n\"Doe, \"\"Jane\"\"\",s02,,,,7\r\n") != std::string::npos);
  // A name a spreadsheet would run as a formula is defused, as in grades.csv.
  CHECK(rows[3].at(0).rfind("'=HYPERLINK", 0) == 0);
  CHECK(rows[5] == Record{"Grace Hopper", "s05", "", "", "", "0"});
}

TEST_CASE("moodle: the grading worksheet's Identifier, Grade and Last modified (grade), by name",
          "[gradebook][export]") {
  const std::vector<Record> rows = records(exported("moodle", class_from("moodle")));
  const Record& header = rows.at(0);
  const Record sample = sample_header("moodle-grading-worksheet.csv");
  // Moodle's importer finds its columns by name; every column written is one the worksheet has.
  for (const std::string& column : header) {
    INFO(column);
    CHECK(std::find(sample.begin(), sample.end(), column) != sample.end());
  }
  for (const char* needed : {"Identifier", "Grade", "Last modified (grade)"}) {
    CHECK(std::find(header.begin(), header.end(), needed) != header.end());
  }
  CHECK(rows[1] == Record{"Participant s01", "Ada Lovelace", "8", "8", "2026-11-24 23:10:00 UTC", "all cases passed"});
}

TEST_CASE("blackboard: every field quoted, the student by Username, the assignment a new column",
          "[gradebook][export]") {
  const std::string text = exported("blackboard", class_from("blackboard"));
  const std::vector<Record> rows = records(text);
  CHECK(rows.at(0) == sample_header("blackboard-grade-center-upload.csv"));
  CHECK(text.rfind("\"Last Name\",\"First Name\",\"Username\",\"Lab 3\"\r\n\"Lovelace\",\"Ada\",\"s01\",\"8\"\r\n", 0) == 0);
  for (size_t at = text.find("\r\n"); at + 2 < text.size(); at = text.find("\r\n", at + 2)) CHECK(text[at + 2] == '"');
}

TEST_CASE("csv: a plain sheet with the assignment's column, max_score and status", "[gradebook][export]") {
  const std::vector<Record> rows = records(exported("csv", testing::sample_class()));
  CHECK(rows.at(0) == Record{"student_id", "name", "Lab 3", "max_score", "status", "message", "raw_score",
                             "late_penalty", "lateness", "override_reason"});
  CHECK(rows[1] == Record{"s01", "Ada Lovelace", "8", "8", "passed", "all cases passed", "8", "0", "", ""});
}

TEST_CASE("exports carry the final score; Moodle's feedback and the plain sheet say how it came about",
          "[gradebook][export]") {
  std::vector<StudentResult> results = class_from("moodle");
  for (StudentResult& student : results) {
    if (student.student_id != "s01") continue;
    student.raw_score = 8;
    student.late_penalty = 0.8;
    student.score = 7.2;
    student.lateness = "1 day late (uploaded 2026-11-21 00:00:00, read from the LMS's file name): -10%";
  }
  const std::vector<Record> moodle = records(exported("moodle", results));
  CHECK(moodle[1].at(2) == "7.2");
  CHECK(moodle[1].at(5) == "all cases passed; 1 day late (uploaded 2026-11-21 00:00:00, read from the LMS's file "
                           "name): -10%");
  const std::vector<Record> plain = records(exported("csv", results));
  CHECK(plain[1] == Record{"s01", "Ada Lovelace", "7.2", "8", "passed", "all cases passed", "8", "0.8",
                           results[4].lateness, ""});
}

TEST_CASE("an export for an LMS whose ids the upload names did not carry warns, naming the students",
          "[gradebook][export]") {
  std::vector<StudentResult> results = class_from("canvas");
  results[0].id_source = "file-stem";
  const ExportedGrades exported = find_grade_exporter("moodle")->write(results, kRequest);
  REQUIRE(exported.warnings.size() == 2);
  CHECK_THAT(exported.warnings[0], Catch::StartsWith("6 student(s) have ids read from canvas names, not moodle ones"));
  CHECK_THAT(exported.warnings[1], Catch::Contains("file-stem") && Catch::Contains(results[0].student_id));
  CHECK(find_grade_exporter("csv")->write(results, kRequest).warnings.empty());
  CHECK(find_grade_exporter("excel") == nullptr);
  CHECK(grade_exporter_names() == "canvas, moodle, blackboard, csv");
  CHECK(export_file_name(*find_grade_exporter("canvas"), "Lab 3: tiles/../x") == "canvas-Lab_3__tiles_.._x.csv");
}

}  // namespace
}  // namespace cudagrade
