// The files a class's gradebook is made of, written from its stored results by `cudagrade grade` and
// rewritten by `cudagrade gradebook OUT` (after --merge-speed, say) without the LMS download:
// students/<id>/report.md, report.html and compile.log, grades.csv, superseded.csv, summary.html (with the
// class's similarity check, similarity_report.h, also written to similarity.json), and
// gradebook.json, the roster: the lab, which students' stored results count, and the superseded uploads
// (which have no result.json of their own).
#pragma once

#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "gradebook/late_policy.h"
#include "gradebook/layout.h"
#include "gradebook/similarity_report.h"
#include "model/student_result.h"

namespace cudagrade {

struct Gradebook {
  std::string lab;
  std::vector<StudentResult> results;  // the current ones and the superseded uploads (roster.h tells them apart)
  // The graded files by student id, copied into each student's folder (OutputLayout::kSourceCopy) for
  // report.html; a student without one here keeps the copy an earlier run left.
  std::map<std::string, std::filesystem::path> graded_files;
  // The late policy and extensions, kept in gradebook.json; the overrides are read from OUT/overrides.csv.
  LateRules late;
  // Whether and how the similarity check runs; kept in gradebook.json but for the skeleton's path, which the
  // lab gives each time.
  SimilarityOptions similarity;
};

// What a command says once the gradebook is written.
struct WrittenGradebook {
  std::optional<int> similar_pairs;  // flagged by the similarity check; nullopt when it was turned off
};

// Every file above, each written atomically.
WrittenGradebook write_gradebook_files(const OutputLayout& layout, const Gradebook& gradebook);

// "similarity: 2 pairs of files flagged as unusually similar ...": the line a command prints, empty when off.
std::string similarity_line(const OutputLayout& layout, const WrittenGradebook& written);

// What gradebook.json says: the lab, the current students' ids (their results are in students/<id>/), and
// the superseded uploads in full.
struct GradebookRoster {
  std::string lab;
  LateRules late;  // without overrides
  std::optional<SimilarityOptions> similarity;  // nullopt in a folder written before the check existed
  std::vector<std::string> current_ids;
  std::vector<StudentResult> superseded;
};

// The roster of a folder `cudagrade grade` wrote; nullopt with `problem` set when there is none or it cannot
// be read.
std::optional<GradebookRoster> read_gradebook_roster(const OutputLayout& layout, std::string& problem);

}  // namespace cudagrade
