#include "gradebook/grade_export.h"

#include <fmt/format.h>

#include <map>

#include "gradebook/grades_csv.h"
#include "gradebook/roster.h"

namespace cudagrade {
namespace {

constexpr std::string_view kRecordEnd = "\r\n";

// Blackboard asks for every field of a comma-delimited upload inside quotation marks.
std::string quoted(std::string_view text) {
  std::string field = csv_text(text);
  return field.front() == '"' ? field : "\"" + field + "\"";
}

// What a student reads beside the grade where the format has room for words (Moodle's feedback, the plain
// sheet): the message, then how lateness or an override changed the score.
std::string feedback_of(const StudentResult& student) {
  std::string text = student.message;
  if (!student.lateness.empty()) text += (text.empty() ? "" : "; ") + student.lateness;
  if (!student.override_reason.empty()) text += (text.empty() ? "" : "; ") + ("score set by the instructor: " + student.override_reason);
  return text;
}

// Blackboard and Canvas show a name in two parts; intake read one. The last word is the family name.
std::pair<std::string, std::string> first_and_last(const std::string& name) {
  const size_t space = name.find_last_of(' ');
  if (space == std::string::npos) return {"", name};
  return {name.substr(0, space), name.substr(space + 1)};
}

class CanvasExporter : public GradeExporter {
 public:
  std::string name() const override { return "canvas"; }
  std::string id_source() const override { return "canvas"; }

 protected:
  std::string header(const ExportRequest& request) const override {
    return "Student,ID,SIS User ID,SIS Login ID,Section," + csv_text(request.assignment);
  }
  std::string row(const StudentResult& student, const ExportRequest&) const override {
    return fmt::format("{},{},,,,{}", csv_text(student.name), csv_text(student.student_id), csv_number(student.score));
  }
};

class MoodleExporter : public GradeExporter {
 public:
  std::string name() const override { return "moodle"; }
  std::string id_source() const override { return "moodle"; }

 protected:
  std::string header(const ExportRequest&) const override {
    return "Identifier,Full name,Grade,Maximum Grade,Last modified (grade),Feedback comments";
  }
  std::string row(const StudentResult& student, const ExportRequest& request) const override {
    return fmt::format("{},{},{},{},{},{}", csv_text("Participant " + student.student_id), csv_text(student.name),
                       csv_number(student.score), csv_number(student.max_score), csv_text(request.exported_at),
                       csv_text(feedback_of(student)));
  }
};

class BlackboardExporter : public GradeExporter {
 public:
  std::string name() const override { return "blackboard"; }
  std::string id_source() const override { return "blackboard"; }

 protected:
  std::string header(const ExportRequest& request) const override {
    return fmt::format("\"Last Name\",\"First Name\",\"Username\",{}", quoted(request.assignment));
  }
  std::string row(const StudentResult& student, const ExportRequest&) const override {
    const auto [first, last] = first_and_last(student.name);
    return fmt::format("{},{},{},{}", quoted(last), quoted(first), quoted(student.student_id),
                       quoted(csv_number(student.score)));
  }
};

class PlainCsvExporter : public GradeExporter {
 public:
  std::string name() const override { return "csv"; }
  std::string id_source() const override { return ""; }

 protected:
  std::string header(const ExportRequest& request) const override {
    return "student_id,name," + csv_text(request.assignment) +
           ",max_score,status,message,raw_score,late_penalty,lateness,override_reason";
  }
  std::string row(const StudentResult& student, const ExportRequest&) const override {
    return fmt::format("{},{},{},{},{},{},{},{},{},{}", csv_text(student.student_id), csv_text(student.name),
                       csv_number(student.score), csv_number(student.max_score),
                       csv_text(std::string(to_string(student.status))), csv_text(student.message),
                       csv_number(student.raw_score.value_or(student.score)), csv_number(student.late_penalty),
                       csv_text(student.lateness), csv_text(student.override_reason));
  }
};

// Students whose ids came from another naming than the format needs, by naming.
std::vector<std::string> mismatched_ids(const std::vector<const StudentResult*>& students, const std::string& needed) {
  if (needed.empty()) return {};
  std::map<std::string, std::vector<std::string>> by_source;
  for (const StudentResult* student : students) {
    if (student->id_source != needed) by_source[student->id_source.empty() ? "unknown" : student->id_source].push_back(student->student_id);
  }
  std::vector<std::string> warnings;
  for (const auto& [source, ids] : by_source) {
    warnings.push_back(fmt::format("{} student(s) have ids read from {} names, not {} ones, and will not match "
                                   "in {}'s import: {}",
                                   ids.size(), source, needed, needed, fmt::join(ids, ", ")));
  }
  return warnings;
}

}  // namespace

ExportedGrades GradeExporter::write(const std::vector<StudentResult>& results, const ExportRequest& request) const {
  const Roster roster = make_roster(results);
  ExportedGrades exported;
  exported.text = header(request) + std::string(kRecordEnd);
  for (const StudentResult* student : roster.current) exported.text += row(*student, request) + std::string(kRecordEnd);
  exported.warnings = mismatched_ids(roster.current, id_source());
  return exported;
}

const std::vector<std::unique_ptr<GradeExporter>>& grade_exporters() {
  static const std::vector<std::unique_ptr<GradeExporter>> exporters = [] {
    std::vector<std::unique_ptr<GradeExporter>> list;
    list.push_back(std::make_unique<CanvasExporter>());
    list.push_back(std::make_unique<MoodleExporter>());
    list.push_back(std::make_unique<BlackboardExporter>());
    list.push_back(std::make_unique<PlainCsvExporter>());
    return list;
  }();
  return exporters;
}

const GradeExporter* find_grade_exporter(const std::string& name) {
  for (const auto& exporter : grade_exporters()) {
    if (exporter->name() == name) return exporter.get();
  }
  return nullptr;
}

std::string grade_exporter_names() {
  std::vector<std::string> names;
  for (const auto& exporter : grade_exporters()) names.push_back(exporter->name());
  return fmt::format("{}", fmt::join(names, ", "));
}

std::string export_file_name(const GradeExporter& exporter, const std::string& assignment) {
  std::string safe;
  for (unsigned char c : assignment) {
    const bool plain = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' || c == '.';
    safe += plain ? static_cast<char>(c) : '_';
  }
  if (safe.empty() || safe.front() == '.') safe = "_" + safe;
  return fmt::format("{}-{}.csv", exporter.name(), safe.substr(0, 80));
}

}  // namespace cudagrade
