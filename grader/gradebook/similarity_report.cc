#include "gradebook/similarity_report.h"

#include <algorithm>

#include "core/files.h"

namespace cudagrade {

std::optional<SimilarityReport> similarity_report(const OutputLayout& layout, const std::vector<const StudentResult*>& students,
                                                  const SimilarityOptions& options) {
  if (!options.enabled) return std::nullopt;
  std::vector<const StudentResult*> sorted = students;
  std::sort(sorted.begin(), sorted.end(),
            [](const StudentResult* a, const StudentResult* b) { return a->student_id < b->student_id; });
  SimilarityReport report;
  for (const StudentResult* student : sorted) {
    // Only graded files: an upload intake could not grade has no file of its own in the folder.
    if (!student->report) continue;
    std::optional<std::string> source = try_read_file(layout.student_dir(student->student_id) / OutputLayout::kSourceCopy);
    if (!source) continue;
    report.files.push_back({student->student_id, std::move(*source)});
    report.names.push_back(student->name);
  }
  std::optional<std::string> skeleton = options.skeleton.empty() ? std::nullopt : try_read_file(options.skeleton);
  report.skeleton_found = skeleton.has_value();
  SimilaritySettings settings;
  settings.floor = options.floor;
  report.result = class_similarity(report.files, skeleton.value_or(""), settings);
  return report;
}

}  // namespace cudagrade
