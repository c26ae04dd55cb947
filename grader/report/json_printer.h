// The JSON document of a report: {lab, backend, device, verdict, score, max_score, cases: [...]}.
#pragma once

#include <nlohmann/json.hpp>

#include "core/report.h"

namespace cudagrade {

nlohmann::json report_to_json(const GradeReport& report);

}  // namespace cudagrade
