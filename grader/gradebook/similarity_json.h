// OUT/similarity.json: the class's similarity check for a script to read (similarity_report.h): how it was
// run, the class's distribution and bar, each file's fingerprint counts, and every pair sharing any code of
// its own, highest score first (up to kListedPairs), with the flag and, for the flagged pairs shown side by
// side in summary.html, the matched lines. Not a grade.
#pragma once

#include <string>

#include "gradebook/similarity_report.h"

namespace cudagrade {

inline constexpr size_t kListedPairs = 1000;

std::string similarity_json(const SimilarityReport& report);

}  // namespace cudagrade
