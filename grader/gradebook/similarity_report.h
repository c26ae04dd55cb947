// The similarity check of a class's gradebook (similarity/class_similarity.h): which files it compares and
// with what, and its two outputs, OUT/similarity.json (similarity_json.h) and the section of summary.html
// (similarity_section.h). It reads the graded files kept in each student's folder (OutputLayout::kSourceCopy),
// so `cudagrade gradebook OUT` recomputes it without the download. A hint for a person: no score changes.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "gradebook/layout.h"
#include "model/student_result.h"
#include "similarity/class_similarity.h"

namespace cudagrade {

struct SimilarityOptions {
  bool enabled = true;
  double floor = SimilaritySettings{}.floor;  // --similarity-floor: no pair below it is flagged
  // The lab's starter file (skeleton/<lab>/<lab>.cu), whose code is discounted; empty or missing for none.
  std::filesystem::path skeleton;
};

struct SimilarityReport {
  std::vector<SimilarityInput> files;  // the compared students' graded files, by student id
  std::vector<std::string> names;      // each file's student's name, as the inputs
  bool skeleton_found = false;
  ClassSimilarity result;
};

// The current students with a graded file kept in their folder, in id order; nullopt when disabled.
std::optional<SimilarityReport> similarity_report(const OutputLayout& layout, const std::vector<const StudentResult*>& students,
                                                  const SimilarityOptions& options);

}  // namespace cudagrade
