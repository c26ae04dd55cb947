// The output folder of a class's grading run, one folder per student (named by intake/safe_name.h's
// folder_name, which the gradebook's links use too): students/<id>/result.json is the
// student's StudentResult, written atomically (a temporary file, fsync, rename, fsync of the folder), so a
// grader killed at any moment leaves every result either whole or absent, and `--resume` can trust what it
// finds.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "model/student_result.h"

namespace cudagrade {

class ResultStore {
 public:
  explicit ResultStore(std::filesystem::path out_dir);

  void save(const StudentResult& result) const;
  // The stored result of a student, when there is one that this version can read.
  std::optional<StudentResult> load(const std::string& student_id) const;
  std::vector<StudentResult> load_all() const;
  std::filesystem::path student_dir(const std::string& student_id) const;

 private:
  std::filesystem::path out_dir_;
};

}  // namespace cudagrade
