// The inverse of json_printer: a report read back from its JSON document. The batch grader keeps each
// student's report as JSON so that a resumed run rebuilds the gradebook from what is on disk.
#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <string>

#include "core/report.h"

namespace cudagrade {

// nullopt (with `problem` set) when the document is not a report this version wrote.
std::optional<GradeReport> report_from_json(const nlohmann::json& json, std::string& problem);

}  // namespace cudagrade
