#include "package/zip_writer.h"

#include <catch2/catch.hpp>

#include "core/files.h"
#include <fstream>
#include <sstream>

#include "core/command_runner.h"
#include "core/temp_dir.h"

namespace cudagrade {
namespace {

namespace fs = std::filesystem;

struct ReadEntry {
  std::string name;
  uint32_t mode = 0;
  std::string data;
};

uint32_t le(const std::string& bytes, size_t at, int width) {
  uint32_t value = 0;
  for (int i = width - 1; i >= 0; --i) value = (value << 8) | static_cast<unsigned char>(bytes.at(at + i));
  return value;
}

// An independent reading of the central directory, so the test does not trust the writer's own view.
std::vector<ReadEntry> read_zip(const fs::path& zip) {
  const std::string bytes = read_file(zip);
  const size_t end = bytes.size() - 22;
  REQUIRE(le(bytes, end, 4) == 0x06054b50);
  std::vector<ReadEntry> entries;
  size_t at = le(bytes, end + 16, 4);
  for (uint32_t i = 0; i < le(bytes, end + 10, 2); ++i) {
    REQUIRE(le(bytes, at, 4) == 0x02014b50);
    const uint32_t size = le(bytes, at + 24, 4);
    const uint32_t name_length = le(bytes, at + 28, 2);
    const uint32_t local = le(bytes, at + 42, 4);
    ReadEntry entry{bytes.substr(at + 46, name_length), le(bytes, at + 38, 4) >> 16, ""};
    REQUIRE(le(bytes, local, 4) == 0x04034b50);
    entry.data = bytes.substr(local + 30 + le(bytes, local + 26, 2) + le(bytes, local + 28, 2), size);
    entries.push_back(entry);
    at += 46 + name_length + le(bytes, at + 30, 2) + le(bytes, at + 32, 2);
  }
  return entries;
}

fs::path sample_folder(const TempDir& dir) {
  const fs::path folder = dir.path() / "autograder";
  fs::create_directories(folder / "cudagrade" / "grader");
  std::ofstream(folder / "setup.sh") << "#!/usr/bin/env bash\necho setup\n";
  std::ofstream(folder / "run_autograder") << "#!/usr/bin/env bash\necho run\n";
  std::ofstream(folder / "cudagrade" / "grader" / "empty.h");
  fs::permissions(folder / "run_autograder", fs::perms(0755));
  fs::permissions(folder / "setup.sh", fs::perms(0644));
  return folder;
}

TEST_CASE("the zip holds the folder's files at its root, with their bytes and modes", "[package][zip]") {
  TempDir dir(TempDir::Medium::kDisk);
  const fs::path folder = sample_folder(dir);
  ZipResult result = write_zip(folder, dir.path() / "autograder.zip");
  REQUIRE(result.outcome == ZipResult::Outcome::kWritten);
  CHECK(result.entries == std::vector<std::string>{"cudagrade/grader/empty.h", "run_autograder", "setup.sh"});
  std::vector<ReadEntry> entries = read_zip(dir.path() / "autograder.zip");
  REQUIRE(entries.size() == 3);
  CHECK(entries[0].name == "cudagrade/grader/empty.h");
  CHECK(entries[0].data.empty());
  CHECK(entries[1].name == "run_autograder");
  CHECK(entries[1].data == "#!/usr/bin/env bash\necho run\n");
  CHECK(entries[1].mode == 0100755);
  CHECK(entries[2].mode == 0100644);
}

TEST_CASE("the same folder always gives the same bytes", "[package][zip]") {
  TempDir dir(TempDir::Medium::kDisk);
  const fs::path folder = sample_folder(dir);
  REQUIRE(write_zip(folder, dir.path() / "a.zip").outcome == ZipResult::Outcome::kWritten);
  REQUIRE(write_zip(folder, dir.path() / "b.zip").outcome == ZipResult::Outcome::kWritten);
  CHECK(read_file(dir.path() / "a.zip") == read_file(dir.path() / "b.zip"));
}

TEST_CASE("a standard unzip tool accepts the archive and its CRCs", "[package][zip]") {
  TempDir dir(TempDir::Medium::kDisk);
  REQUIRE(write_zip(sample_folder(dir), dir.path() / "autograder.zip").outcome == ZipResult::Outcome::kWritten);
  const std::string zip = (dir.path() / "autograder.zip").string();
  SubprocessCommandRunner runner;
  CommandResult unzip = runner.run({"unzip", "-t", zip}, std::chrono::seconds(30));
  if (unzip.outcome == CommandResult::Outcome::kNotStarted) {
    unzip = runner.run({"python3", "-m", "zipfile", "-t", zip}, std::chrono::seconds(30));
  }
  if (unzip.outcome == CommandResult::Outcome::kNotStarted) {
    WARN("SKIPPED: neither unzip nor python3 is installed, so only cudagrade's own reading checked the zip");
    return;
  }
  INFO(unzip.output);
  CHECK(unzip.outcome == CommandResult::Outcome::kSucceeded);
}

TEST_CASE("an unreadable folder is reported, not thrown", "[package][zip]") {
  TempDir dir(TempDir::Medium::kDisk);
  ZipResult result = write_zip(dir.path() / "missing", dir.path() / "x.zip");
  CHECK(result.outcome == ZipResult::Outcome::kUnreadable);
  CHECK_THAT(result.message, Catch::Contains("missing"));
}

}  // namespace
}  // namespace cudagrade
