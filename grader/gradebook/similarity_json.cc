#include "gradebook/similarity_json.h"

#include <nlohmann/json.hpp>

#include <algorithm>

#include "report/report_json.h"

namespace cudagrade {

std::string similarity_json(const SimilarityReport& report) {
  const ClassSimilarity& result = report.result;
  const SimilaritySettings& settings = result.settings;
  nlohmann::json json = {
      {"note", "a hint for a person to read both files, never a grade: no score was changed"},
      {"settings",
       {{"k", settings.winnowing.k}, {"w", settings.winnowing.w}, {"floor", settings.floor},
        {"outlier_mads", settings.outlier_mads}, {"common_share", settings.common_share},
        {"min_own_fingerprints", settings.min_own_fingerprints}}},
      {"skeleton_found", report.skeleton_found},
      {"skeleton_kgrams", result.skeleton_kgrams},
      {"common_fingerprints", result.common_fingerprints},
      {"compared_pairs", result.compared_pairs},
      {"median", result.median},
      {"mad", result.mad},
      {"relative", result.relative},
      {"bar", result.bar},
      {"flagged", result.flagged_count()},
  };
  json["files"] = nlohmann::json::array();
  for (const SimilarityFile& file : result.files) {
    json["files"].push_back({{"student_id", file.id}, {"tokens", file.tokens}, {"fingerprints", file.fingerprints},
                             {"own_fingerprints", file.own_fingerprints}, {"compared", file.compared}});
  }
  // Highest first, up to kListedPairs (a class of a thousand has half a million pairs, most sharing a little);
  // the flagged ones come first, since the bar is a score.
  json["pairs"] = nlohmann::json::array();
  const size_t listed = std::min(result.pairs.size(), kListedPairs);
  json["pairs_not_listed"] = result.pairs.size() - listed;
  for (size_t i = 0; i < listed; ++i) {
    const SimilarPair& pair = result.pairs[i];
    nlohmann::json entry = {{"a", result.files[static_cast<size_t>(pair.a)].id},
                            {"b", result.files[static_cast<size_t>(pair.b)].id},
                            {"score", pair.score},
                            {"share_a", pair.share_a},
                            {"share_b", pair.share_b},
                            {"shared", pair.shared},
                            {"flagged", pair.flagged}};
    if (pair.marked) {
      entry["lines_a"] = pair.lines_a;
      entry["lines_b"] = pair.lines_b;
    }
    json["pairs"].push_back(std::move(entry));
  }
  return json_text(json) + "\n";
}

}  // namespace cudagrade
