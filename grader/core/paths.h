// Where the grader finds the course files (skeleton/, reference/, testcases/, its own runner sources) and
// where it keeps its build cache.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace cudagrade {

// Where each candidate place comes from, for choose(): what the command line, the environment and the disk say.
struct PathSources {
  std::string root_option;                            // --root
  std::string root_variable;                          // $CUDAGRADE_ROOT
  std::optional<std::filesystem::path> installed;     // P/share/cudagrade beside P/bin/cudagrade, when it exists
  std::filesystem::path source_tree;                  // the tree this binary was built from
  std::string cache_option;                           // --cache-dir
  std::string cache_variable;                         // $CUDAGRADE_CACHE
  std::filesystem::path user_cache;                   // $XDG_CACHE_HOME/cudagrade, else ~/.cache/cudagrade
};

// Which of the candidates gave the root, in the order they win.
enum class RootOrigin { kOption, kVariable, kInstalled, kSourceTree };
// "--root", "$CUDAGRADE_ROOT", "installed beside the binary", "the source tree it was built from"
std::string_view to_string(RootOrigin origin);

struct ProjectPaths {
  std::filesystem::path root;
  // The grader's own files (grader/: the harness, cusim, the built-in labs' entries): the root's when it holds
  // them, else those installed beside the binary, else the source tree's. A course's root (--root COURSE)
  // holds only its labs, and grades with the installed grader's files.
  std::filesystem::path grader_data;
  std::filesystem::path cache;
  RootOrigin root_origin = RootOrigin::kSourceTree;

  // The root comes from --root, else $CUDAGRADE_ROOT, else the data installed beside this binary
  // (../share/cudagrade), else the source tree it was built from. The cache: --cache-dir, else
  // $CUDAGRADE_CACHE, else the user's cache folder for an installed root (which is read-only), else
  // <root>/build/cache.
  static ProjectPaths discover(const std::string& root_option, const std::string& cache_option);
  static ProjectPaths choose(const PathSources& sources);

  std::filesystem::path skeleton_dir(const std::string& lab) const { return root / "skeleton" / lab; }
  std::filesystem::path reference_dir(const std::string& lab) const { return root / "reference" / lab; }
  std::filesystem::path reference_file(const std::string& lab, const std::string& name) const {
    return reference_dir(lab) / (name + ".cu");
  }
  // Present in a student's copy of a course's lab (cudagrade package github): the lab's reference kernels are
  // withheld, so a speed rule may name one that is not there; only a GPU grade, which times it, needs it.
  std::filesystem::path withheld_references_note(const std::string& lab) const {
    return reference_dir(lab) / "WITHHELD";
  }
  // A declared lab's folder: lab.yaml, its CPU reference, its baselines.
  std::filesystem::path lab_dir(const std::string& lab) const { return root / "labs" / lab; }
  std::filesystem::path testcases_file(const std::string& lab) const { return root / "testcases" / (lab + ".yaml"); }
  std::filesystem::path submissions_dir(const std::string& lab) const { return root / "submissions" / lab; }
  std::filesystem::path grader_dir() const { return (grader_data.empty() ? root : grader_data) / "grader"; }
  // reference/<lab>/*.cu, sorted, without the extension.
  std::vector<std::string> reference_names(const std::string& lab) const;
};

// The data folder installed beside a binary at `executable` (its ../share/cudagrade, as CMakeLists.txt's
// install rules lay it out), when that folder holds the runner sources; nullopt in a build tree.
std::optional<std::filesystem::path> installed_data_beside(const std::filesystem::path& executable);

}  // namespace cudagrade
