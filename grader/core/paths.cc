#include "core/paths.h"

#include <algorithm>
#include <cstdlib>

#ifndef CUDAGRADE_SOURCE_ROOT
#error "CUDAGRADE_SOURCE_ROOT must name the project root (set by CMakeLists.txt)"
#endif

namespace cudagrade {

ProjectPaths ProjectPaths::discover(const std::string& root_option, const std::string& cache_option) {
  ProjectPaths paths;
  const char* root_variable = std::getenv("CUDAGRADE_ROOT");
  paths.root = !root_option.empty() ? root_option : root_variable ? root_variable : CUDAGRADE_SOURCE_ROOT;
  const char* cache_variable = std::getenv("CUDAGRADE_CACHE");
  paths.cache = !cache_option.empty() ? std::filesystem::path(cache_option)
                : cache_variable      ? std::filesystem::path(cache_variable)
                                      : paths.root / "build" / "cache";
  return paths;
}

std::vector<std::string> ProjectPaths::reference_names(const std::string& lab) const {
  std::vector<std::string> names;
  std::error_code error;
  for (const auto& entry : std::filesystem::directory_iterator(reference_dir(lab), error)) {
    if (entry.path().extension() == ".cu") names.push_back(entry.path().stem().string());
  }
  std::sort(names.begin(), names.end());
  return names;
}

}  // namespace cudagrade
