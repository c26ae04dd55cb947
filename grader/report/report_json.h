// The JSON form of the model, both ways: a grade report ({lab, backend, device, verdict, score, max_score,
// cases: [...]}) as `--format json` prints it, and a student's stored result (students/<id>/result.json), which
// a resumed class run reads back to rebuild the gradebook from what is on disk.
#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <string>

#include "model/report.h"
#include "model/student_result.h"

namespace cudagrade {

nlohmann::json report_to_json(const GradeReport& report);
// nullopt (with `problem` set) when the document is not a report this version wrote.
std::optional<GradeReport> report_from_json(const nlohmann::json& json, std::string& problem);

nlohmann::json student_to_json(const StudentResult& result);
// nullopt when the document was written by another version, or damaged: the student is graded again.
std::optional<StudentResult> student_from_json(const nlohmann::json& json);

// A JSON document as text, indent spaces a level (-1: on one line). Compiler logs and program output are
// arbitrary bytes (a Latin-1 comment, a flood cut mid-character): invalid UTF-8 is replaced rather than allowed
// to abort the report a platform is waiting for.
std::string json_text(const nlohmann::json& document, int indent = 2);

}  // namespace cudagrade
