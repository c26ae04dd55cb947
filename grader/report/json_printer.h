// The JSON document of a report: {lab, backend, device, verdict, score, max_score, cases: [...]}.
#pragma once

#include <nlohmann/json.hpp>
#include <string>

#include "core/report.h"

namespace cudagrade {

nlohmann::json report_to_json(const GradeReport& report);

// A JSON document as text, indent spaces a level (-1: on one line). Compiler logs and program output are
// arbitrary bytes (a Latin-1 comment, a flood cut mid-character): invalid UTF-8 is replaced rather than allowed
// to abort the report a platform is waiting for.
std::string json_text(const nlohmann::json& document, int indent = 2);

}  // namespace cudagrade
