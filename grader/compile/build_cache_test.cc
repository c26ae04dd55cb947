#include "compile/build_cache.h"

#include <fmt/format.h>

#include <catch2/catch.hpp>
#include <fstream>

#include "core/temp_dir.h"

namespace cudagrade {
namespace {

using Make = BuildCache::MakeOutcome;

TEST_CASE("an entry is built once and then found by its inputs", "[cache]") {
  TempDir dir(TempDir::Medium::kDisk);
  BuildCache cache(dir.path());
  int builds = 0;
  auto make = [&](const std::filesystem::path& entry) {
    ++builds;
    std::ofstream(entry / "object.o") << "bits";
    return Make::kSucceeded;
  };
  BuildCache::Entry first = cache.get_or_build("x", "flags\nsource", make);
  BuildCache::Entry second = cache.get_or_build("x", "flags\nsource", make);
  CHECK(builds == 1);
  CHECK_FALSE(first.cached);
  CHECK(second.cached);
  CHECK(second.succeeded);
  CHECK(first.dir == second.dir);
  CHECK(read_file(second.dir / "object.o") == "bits");
  cache.get_or_build("x", "flags\nother source", make);
  CHECK(builds == 2);
}

TEST_CASE("failed builds are cached, and builds that could not be judged are not", "[cache]") {
  TempDir dir(TempDir::Medium::kDisk);
  BuildCache cache(dir.path());
  int builds = 0;
  auto failing = [&](const std::filesystem::path&) {
    ++builds;
    return Make::kFailed;
  };
  cache.get_or_build("x", "a", failing);
  BuildCache::Entry again = cache.get_or_build("x", "a", failing);
  CHECK(builds == 1);
  CHECK(again.cached);
  CHECK_FALSE(again.succeeded);

  auto unjudged = [&](const std::filesystem::path&) {
    ++builds;
    return Make::kNotJudged;
  };
  BuildCache::Entry first = cache.get_or_build("y", "b", unjudged);
  CHECK(first.transient);
  std::filesystem::remove_all(first.dir);
  cache.get_or_build("y", "b", unjudged);
  CHECK(builds == 3);
}

TEST_CASE("entries whose hashes collide stay apart, because inputs are compared in full", "[cache]") {
  TempDir dir(TempDir::Medium::kDisk);
  BuildCache cache(dir.path());
  BuildCache::Entry first =
      cache.get_or_build("x", "one", [](const std::filesystem::path&) { return Make::kSucceeded; });
  // Forge a collision: move the entry to where "two" would be stored.
  const auto two_key = std::filesystem::path(fmt::format("x-{:016x}", fnv1a("two")));
  std::filesystem::rename(first.dir, dir.path() / two_key);
  int builds = 0;
  BuildCache::Entry second = cache.get_or_build("x", "two", [&](const std::filesystem::path&) {
    ++builds;
    return Make::kSucceeded;
  });
  CHECK(builds == 1);
  CHECK(second.dir != dir.path() / two_key);
}

}  // namespace
}  // namespace cudagrade
