// Where the grader finds the course files (skeleton/, reference/, testcases/, its own runner sources) and
// where it keeps its build cache.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

namespace cudagrade {

struct ProjectPaths {
  std::filesystem::path root;
  std::filesystem::path cache;

  // The root comes from --root, else $CUDAGRADE_ROOT, else the source tree this binary was built from.
  static ProjectPaths discover(const std::string& root_option, const std::string& cache_option);

  std::filesystem::path skeleton_dir(const std::string& lab) const { return root / "skeleton" / lab; }
  std::filesystem::path reference_dir(const std::string& lab) const { return root / "reference" / lab; }
  std::filesystem::path reference_file(const std::string& lab, const std::string& name) const {
    return reference_dir(lab) / (name + ".cu");
  }
  std::filesystem::path testcases_file(const std::string& lab) const { return root / "testcases" / (lab + ".yaml"); }
  std::filesystem::path submissions_dir(const std::string& lab) const { return root / "submissions" / lab; }
  std::filesystem::path grader_dir() const { return root / "grader"; }
  // reference/<lab>/*.cu, sorted, without the extension.
  std::vector<std::string> reference_names(const std::string& lab) const;
};

}  // namespace cudagrade
