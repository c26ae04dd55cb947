#include "core/paths.h"

#include <catch2/catch.hpp>
#include <fstream>

#include "core/temp_dir.h"

namespace cudagrade {
namespace {

namespace fs = std::filesystem;

PathSources installed_and_built() {
  PathSources sources;
  sources.installed = fs::path("/opt/course/share/cudagrade");
  sources.source_tree = "/home/me/cudagrade";
  sources.user_cache = "/home/me/.cache/cudagrade";
  return sources;
}

TEST_CASE("the root: --root first, then $CUDAGRADE_ROOT, then the installed data, then the source tree", "[paths]") {
  PathSources sources = installed_and_built();
  sources.root_option = "/course/a";
  sources.root_variable = "/course/b";
  CHECK(ProjectPaths::choose(sources).root == "/course/a");
  sources.root_option = "course/./a";  // a submission is compiled elsewhere: the root must not be relative
  CHECK(ProjectPaths::choose(sources).root == std::filesystem::current_path() / "course" / "a");
  sources.root_option = "/course/a";
  CHECK(ProjectPaths::choose(sources).root_origin == RootOrigin::kOption);
  sources.root_option.clear();
  CHECK(ProjectPaths::choose(sources).root == "/course/b");
  sources.root_variable.clear();
  CHECK(ProjectPaths::choose(sources).root == "/opt/course/share/cudagrade");
  CHECK(ProjectPaths::choose(sources).root_origin == RootOrigin::kInstalled);
  sources.installed.reset();
  CHECK(ProjectPaths::choose(sources).root == "/home/me/cudagrade");
  CHECK(to_string(ProjectPaths::choose(sources).root_origin) == "the source tree it was built from");
}

TEST_CASE("an installed root, which is read-only, keeps its cache in the user's cache folder", "[paths]") {
  PathSources sources = installed_and_built();
  CHECK(ProjectPaths::choose(sources).cache == "/home/me/.cache/cudagrade");
  sources.cache_variable = "/scratch/cache";
  CHECK(ProjectPaths::choose(sources).cache == "/scratch/cache");
  sources.cache_option = "/fast/cache";
  CHECK(ProjectPaths::choose(sources).cache == "/fast/cache");
  // A course's own root (its test cases and labs outside the install) keeps the cache beside it, as before.
  PathSources course = installed_and_built();
  course.root_option = "/course/a";
  CHECK(ProjectPaths::choose(course).cache == "/course/a/build/cache");
}

TEST_CASE("the installed data is found beside the binary only where it holds the runner sources", "[paths]") {
  TempDir prefix(TempDir::Medium::kDisk);
  fs::create_directories(prefix.path() / "bin");
  const fs::path binary = prefix.path() / "bin" / "cudagrade";
  std::ofstream(binary) << "";
  CHECK_FALSE(installed_data_beside(binary));  // a build tree: no share/cudagrade
  fs::create_directories(prefix.path() / "share" / "cudagrade" / "grader");
  CHECK_FALSE(installed_data_beside(binary));  // something else's folder of that name
  fs::create_directories(prefix.path() / "share" / "cudagrade" / "grader" / "harness");
  REQUIRE(installed_data_beside(binary));
  CHECK(*installed_data_beside(binary) == fs::canonical(prefix.path() / "share" / "cudagrade"));
}

}  // namespace
}  // namespace cudagrade
