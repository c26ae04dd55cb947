#include "package/package_writer.h"

#include <catch2/catch.hpp>

#include "core/files.h"
#include <fstream>
#include <sstream>

#include "core/temp_dir.h"

namespace cudagrade {
namespace {

namespace fs = std::filesystem;

// Everything in `dir`, so a test can say that nothing else was left there.
std::vector<std::string> entries(const fs::path& dir) {
  std::vector<std::string> names;
  for (const auto& entry : fs::directory_iterator(dir)) names.push_back(entry.path().filename().string());
  std::sort(names.begin(), names.end());
  return names;
}

TEST_CASE("a package appears in --out only when it is published, with its files' modes", "[package]") {
  TempDir dir(TempDir::Medium::kDisk);
  const fs::path out = dir.path() / "pkg";
  {
    PackageWriter writer(out);
    writer.write("a/readme.md", "hello\n");
    writer.write("run.sh", "#!/bin/sh\n", FileMode::kExecutable);
    CHECK_FALSE(fs::exists(out));
    PackageResult result = writer.publish();
    REQUIRE(result.outcome == PackageOutcome::kWritten);
    CHECK(result.files == std::vector<fs::path>{"a/readme.md", "run.sh"});
  }
  CHECK(read_file(out / "a" / "readme.md") == "hello\n");
  CHECK((fs::status(out / "run.sh").permissions() & fs::perms::owner_exec) != fs::perms::none);
  CHECK((fs::status(out / "a" / "readme.md").permissions() & fs::perms::owner_exec) == fs::perms::none);
  CHECK(entries(dir.path()) == std::vector<std::string>{"pkg"});  // no staging folder left beside it
}

TEST_CASE("an existing empty folder receives the package, trailing slashes do not matter", "[package]") {
  TempDir dir(TempDir::Medium::kDisk);
  fs::create_directories(dir.path() / "empty");
  PackageWriter writer(dir.path() / "empty" / "");
  writer.write("x", "1");
  CHECK(writer.publish().outcome == PackageOutcome::kWritten);
  CHECK(read_file(dir.path() / "empty" / "x") == "1");
}

TEST_CASE("a folder that holds anything is refused and left exactly as it was", "[package]") {
  TempDir dir(TempDir::Medium::kDisk);
  const fs::path out = dir.path() / "course";
  fs::create_directories(out);
  std::ofstream(out / "notes.txt") << "mine";
  PackageWriter writer(out);
  writer.write("notes.txt", "overwritten");
  PackageResult result = writer.publish();
  CHECK(result.outcome == PackageOutcome::kOutNotEmpty);
  CHECK_THAT(result.message, Catch::Contains("is not empty"));
  CHECK(read_file(out / "notes.txt") == "mine");
  CHECK(entries(out) == std::vector<std::string>{"notes.txt"});
  CHECK(entries(dir.path()) == std::vector<std::string>{"course"});

  std::ofstream(dir.path() / "file") << "x";
  CHECK(PackageWriter(dir.path() / "file").publish().outcome == PackageOutcome::kOutNotEmpty);
}

TEST_CASE("a failure halfway leaves nothing behind and reports the first problem", "[package]") {
  TempDir dir(TempDir::Medium::kDisk);
  const fs::path out = dir.path() / "pkg";
  {
    PackageWriter writer(out);
    writer.write("first", "1");
    writer.copy(dir.path() / "no-such-file", "second");
    writer.copy_tree(dir.path() / "no-such-folder", "third");
    CHECK_FALSE(writer.ok());
    PackageResult result = writer.publish();
    CHECK(result.outcome == PackageOutcome::kMissingSource);
    CHECK_THAT(result.message, Catch::Contains("no-such-file"));
  }
  CHECK(entries(dir.path()).empty());
}

TEST_CASE("a tree is copied byte for byte, in sorted order, keeping modes", "[package]") {
  TempDir dir(TempDir::Medium::kDisk);
  const fs::path source = dir.path() / "src";
  fs::create_directories(source / "sub");
  std::ofstream(source / "b.txt", std::ios::binary) << std::string("b\0\r\n", 4);
  std::ofstream(source / "sub" / "a.sh") << "#!/bin/sh\n";
  fs::permissions(source / "sub" / "a.sh", fs::perms(0755));
  PackageWriter writer(dir.path() / "out");
  writer.copy_tree(source, "copy");
  PackageResult result = writer.publish();
  REQUIRE(result.outcome == PackageOutcome::kWritten);
  CHECK(result.files == std::vector<fs::path>{"copy/b.txt", "copy/sub/a.sh"});
  CHECK(read_file(dir.path() / "out" / "copy" / "b.txt") == std::string("b\0\r\n", 4));
  CHECK((fs::status(dir.path() / "out" / "copy" / "sub" / "a.sh").permissions() & fs::perms::owner_exec) !=
        fs::perms::none);
}

}  // namespace
}  // namespace cudagrade
