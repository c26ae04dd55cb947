#include "core/paths.h"

#include <unistd.h>

#include <algorithm>
#include <cstdlib>

#ifndef CUDAGRADE_SOURCE_ROOT
#error "CUDAGRADE_SOURCE_ROOT must name the project root (set by CMakeLists.txt)"
#endif
#ifndef CUDAGRADE_DATA_FROM_BINARY
#error "CUDAGRADE_DATA_FROM_BINARY must name the installed data folder relative to the binary's (CMakeLists.txt)"
#endif

namespace cudagrade {
namespace {

namespace fs = std::filesystem;

std::string variable(const char* name) {
  const char* value = std::getenv(name);
  return value != nullptr ? value : "";
}

fs::path user_cache() {
  const std::string xdg = variable("XDG_CACHE_HOME");
  if (!xdg.empty()) return fs::path(xdg) / "cudagrade";
  const std::string home = variable("HOME");
  if (!home.empty()) return fs::path(home) / ".cache" / "cudagrade";
  return fs::temp_directory_path() / ("cudagrade-cache-" + std::to_string(getuid()));
}

}  // namespace

std::optional<fs::path> installed_data_beside(const fs::path& executable) {
  std::error_code error;
  const fs::path data = fs::weakly_canonical(executable.parent_path() / CUDAGRADE_DATA_FROM_BINARY, error);
  if (error || !fs::is_directory(data / "grader" / "harness", error)) return std::nullopt;
  return data;
}

std::string_view to_string(RootOrigin origin) {
  switch (origin) {
    case RootOrigin::kOption: return "--root";
    case RootOrigin::kVariable: return "$CUDAGRADE_ROOT";
    case RootOrigin::kInstalled: return "installed beside the binary";
    case RootOrigin::kSourceTree: return "the source tree it was built from";
  }
  return "?";
}

ProjectPaths ProjectPaths::choose(const PathSources& sources) {
  ProjectPaths paths;
  // Absolute, since a submission is compiled in a folder of its own: a relative root's include folders would be
  // read from there, and the lab's header refused as a file outside them.
  if (!sources.root_option.empty()) {
    paths.root = fs::absolute(sources.root_option).lexically_normal();
    paths.root_origin = RootOrigin::kOption;
  } else if (!sources.root_variable.empty()) {
    paths.root = fs::absolute(sources.root_variable).lexically_normal();
    paths.root_origin = RootOrigin::kVariable;
  } else if (sources.installed) {
    paths.root = *sources.installed;
    paths.root_origin = RootOrigin::kInstalled;
  } else {
    paths.root = sources.source_tree;
    paths.root_origin = RootOrigin::kSourceTree;
  }
  std::error_code missing;
  paths.grader_data = fs::is_directory(paths.root / "grader" / "harness", missing) ? paths.root
                      : sources.installed                                         ? *sources.installed
                                                                                  : sources.source_tree;
  // An installed root is read-only (root's /usr/share): its cache goes to the user's cache folder.
  paths.cache = !sources.cache_option.empty()                ? fs::path(sources.cache_option)
                : !sources.cache_variable.empty()              ? fs::path(sources.cache_variable)
                : paths.root_origin == RootOrigin::kInstalled ? sources.user_cache
                                                               : paths.root / "build" / "cache";
  return paths;
}

ProjectPaths ProjectPaths::discover(const std::string& root_option, const std::string& cache_option) {
  PathSources sources;
  sources.root_option = root_option;
  sources.root_variable = variable("CUDAGRADE_ROOT");
  std::error_code error;
  const fs::path executable = fs::read_symlink("/proc/self/exe", error);
  if (!error) sources.installed = installed_data_beside(executable);
  sources.source_tree = CUDAGRADE_SOURCE_ROOT;
  sources.cache_option = cache_option;
  sources.cache_variable = variable("CUDAGRADE_CACHE");
  sources.user_cache = user_cache();
  return choose(sources);
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
