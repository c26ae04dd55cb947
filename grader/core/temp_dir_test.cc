#include "core/temp_dir.h"

#include <sys/wait.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <cstdlib>

namespace cudagrade {
namespace {

TEST_CASE("a work folder is removed with its contents", "[tempdir]") {
  std::filesystem::path path;
  {
    TempDir dir(TempDir::Medium::kDisk);
    path = dir.path();
    std::filesystem::create_directories(path / "a" / "b");
    CHECK(std::filesystem::exists(path / "a" / "b"));
  }
  CHECK_FALSE(std::filesystem::exists(path));
}

TEST_CASE("folders left by a grader that was killed are swept by the next one", "[tempdir]") {
  pid_t child = fork();
  if (child == 0) _exit(0);
  REQUIRE(waitpid(child, nullptr, 0) == child);  // a pid that is certainly gone now
  const char* tmp = std::getenv("TMPDIR");
  const std::filesystem::path parent = tmp != nullptr && *tmp != '\0' ? tmp : "/tmp";
  const std::filesystem::path abandoned = parent / ("cudagrade-" + std::to_string(child) + "-stale1");
  const std::filesystem::path ours = parent / ("cudagrade-" + std::to_string(getpid()) + "-live01");
  std::filesystem::create_directories(abandoned);
  std::filesystem::create_directories(ours);
  TempDir dir(TempDir::Medium::kDisk);
  CHECK_FALSE(std::filesystem::exists(abandoned));
  CHECK(std::filesystem::exists(ours));  // its grader (this test) is alive
  std::filesystem::remove_all(ours);
}

}  // namespace
}  // namespace cudagrade
