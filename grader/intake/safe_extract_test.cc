#include "intake/safe_extract.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <fstream>

#include "core/files.h"
#include "core/temp_dir.h"
#include "intake/test_archives.h"

namespace cudagrade {
namespace {

namespace fs = std::filesystem;
using testing::TestArchive;
using testing::TestEntry;
using testing::TestFormat;
using testing::write_test_archive;
using Outcome = ExtractResult::Outcome;
using Kind = TestEntry::Kind;
using Strings = std::vector<std::string>;

// Everything under `folder` that is not a folder (links included), relative and sorted.
Strings on_disk(const fs::path& folder) {
  Strings found;
  for (const auto& entry : fs::recursive_directory_iterator(folder)) {
    if (!entry.is_directory() || entry.is_symlink()) found.push_back(entry.path().lexically_relative(folder).string());
  }
  std::sort(found.begin(), found.end());
  return found;
}

bool any_note(const ExtractResult& result, const std::string& text) {
  return std::any_of(result.notes.begin(), result.notes.end(),
                     [&](const std::string& note) { return note.find(text) != std::string::npos; });
}

// Bytes that deflate cannot shrink, so a cut lands inside an entry's data.
std::string noise(size_t size) {
  std::string bytes(size, '\0');
  uint32_t state = 12345;
  for (char& byte : bytes) {
    state = state * 1664525u + 1013904223u;
    byte = static_cast<char>(state >> 24);
  }
  return bytes;
}

struct Scratch {
  TempDir dir{TempDir::Medium::kDisk};
  fs::path archive(const std::string& name) const { return dir.path() / name; }
  fs::path out() const { return dir.path() / "out"; }
};

TEST_CASE("an ordinary zip is extracted with its folders, contents and times", "[intake]") {
  Scratch s;
  write_test_archive(s.archive("upload.zip"), {.entries = {{.path = "project/", .kind = Kind::kDirectory},
                                                           {.path = "project/src/matmul.cu", .data = "kernel"},
                                                           {.path = "project/notes.txt", .data = "hi"}}});
  const ExtractResult result = safe_extract(s.archive("upload.zip"), s.out());
  CHECK(result.outcome == Outcome::kExtracted);
  CHECK(result.message.empty());
  CHECK(result.notes.empty());
  CHECK(result.files == Strings{"project/src/matmul.cu", "project/notes.txt"});
  CHECK(read_file(s.out() / "project/src/matmul.cu") == "kernel");
  const auto time = std::chrono::file_clock::to_sys(fs::last_write_time(s.out() / "project/src/matmul.cu"));
  CHECK(std::chrono::floor<std::chrono::seconds>(time).time_since_epoch().count() == 1696509296);
}

TEST_CASE("links, devices and FIFOs are skipped with a note and the rest is extracted", "[intake]") {
  Scratch s;
  write_test_archive(s.archive("upload.tar"),
                     {.entries = {{.path = "matmul.cu", .data = "kernel"},
                                  {.path = "passwd", .kind = Kind::kSymlink, .link_target = "/etc/passwd"},
                                  {.path = "hard", .kind = Kind::kHardlink, .link_target = "matmul.cu"},
                                  {.path = "pipe", .kind = Kind::kFifo},
                                  {.path = "null", .kind = Kind::kCharDevice},
                                  {.path = "passwd/through-the-link.cu", .data = "x"},
                                  {.path = "after.cu", .data = "after"}},
                      .format = TestFormat::kPax});
  const ExtractResult result = safe_extract(s.archive("upload.tar"), s.out());
  CHECK(result.outcome == Outcome::kExtracted);
  // The link was never made, so the entry "through" it is an ordinary folder inside the destination.
  CHECK(result.files == Strings{"matmul.cu", "passwd/through-the-link.cu", "after.cu"});
  CHECK(on_disk(s.out()) == Strings{"after.cu", "matmul.cu", "passwd/through-the-link.cu"});
  CHECK(fs::is_directory(fs::symlink_status(s.out() / "passwd")));
  CHECK(any_note(result, "skipped passwd: a symbolic link (to /etc/passwd); links are not extracted"));
  CHECK(any_note(result, "skipped hard: a hard link (to matmul.cu)"));
  CHECK(any_note(result, "skipped pipe: a device, FIFO or socket, not a file"));
  CHECK(any_note(result, "skipped null: a device, FIFO or socket, not a file"));
}

TEST_CASE("a zip made by Info-ZIP on a Mac-like tree: link and clutter skipped", "[intake]") {
  Scratch s;
  const ExtractResult result =
      safe_extract(std::string(CUDAGRADE_SOURCE_ROOT) + "/tests/data/intake/infozip_project.zip", s.out());
  CHECK(result.outcome == Outcome::kExtracted);
  CHECK(result.files == Strings{"project/src/matmul.cu", "project/README.txt"});
  CHECK(on_disk(s.out()) == Strings{"project/README.txt", "project/src/matmul.cu"});
  CHECK(any_note(result, "skipped project/passwd-link: a symbolic link (to /etc/passwd)"));
  CHECK(any_note(result, "skipped 5 entries the operating system added"));
}

TEST_CASE("an entry that climbs out or is absolute makes the archive unsafe and leaves nothing", "[intake]") {
  struct Example {
    std::string entry;
    TestFormat format;
    std::string reason;
  };
  for (const Example& example : {Example{"../evil.cu", TestFormat::kZip, "\"../evil.cu\" climbs out of its folder"},
                                 Example{"sub/../../evil.cu", TestFormat::kPax, "climbs out of its folder"},
                                 Example{"/abs.cu", TestFormat::kPax, "\"/abs.cu\" is an absolute path"},
                                 Example{"/abs.cu", TestFormat::kZip, "is an absolute path"}}) {
    INFO(example.entry);
    Scratch s;
    write_test_archive(s.archive("upload"), {.entries = {{.path = "good.cu", .data = "good"},
                                                         {.path = "sub/ok.cu", .data = "ok"},
                                                         {.path = example.entry, .data = "evil"},
                                                         {.path = "after.cu", .data = "after"}},
                                             .format = example.format});
    const ExtractResult result = safe_extract(s.archive("upload"), s.out());
    CHECK(result.outcome == Outcome::kUnsafe);
    CHECK_THAT(result.message, Catch::Contains(example.reason));
    CHECK_THAT(result.message, Catch::Contains("outside the upload's folder"));
    CHECK(result.files.empty());
    CHECK(fs::is_empty(s.out()));  // the good files and the folder made for them are gone too
    CHECK_FALSE(fs::exists(s.dir.path() / "evil.cu"));
    CHECK_FALSE(fs::exists("/abs.cu"));
  }
}

TEST_CASE("more entries than the cap make the archive too large", "[intake]") {
  Scratch s;
  TestArchive many;
  for (int i = 0; i < 3000; ++i) many.entries.push_back({.path = "f" + std::to_string(i) + ".txt", .data = "x"});
  write_test_archive(s.archive("many.zip"), many);
  const ExtractResult result = safe_extract(s.archive("many.zip"), s.out());
  CHECK(result.outcome == Outcome::kTooLarge);
  CHECK(result.message == "the archive holds more than 2000 entries; upload only your sources");
  CHECK(result.files.empty());
  CHECK(fs::is_empty(s.out()));
}

TEST_CASE("a file past the per-file cap is caught on the bytes, not on the header's size", "[intake]") {
  Scratch s;
  write_test_archive(s.archive("bomb.zip"), {.entries = {{.path = "matmul.cu", .data = "kernel"},
                                                         {.path = "big.bin", .data = std::string(9 << 20, 'a')}}});
  testing::patch_zip_sizes(s.archive("bomb.zip"), "big.bin", 100);
  REQUIRE(testing::header_sizes(s.archive("bomb.zip")).back() == std::pair<std::string, int64_t>{"big.bin", 100});
  const ExtractResult result = safe_extract(s.archive("bomb.zip"), s.out());
  CHECK(result.outcome == Outcome::kTooLarge);
  CHECK(result.message == "big.bin is larger than 8 MiB, the most one file may hold; upload only your sources");
  CHECK(fs::is_empty(s.out()));
}

TEST_CASE("the total cap counts every file's bytes together", "[intake]") {
  Scratch s;
  TestArchive heavy;
  for (int i = 0; i < 10; ++i) heavy.entries.push_back({.path = "part" + std::to_string(i), .data = std::string(7 << 20, 'a')});
  write_test_archive(s.archive("heavy.zip"), heavy);
  const ExtractResult result = safe_extract(s.archive("heavy.zip"), s.out());
  CHECK(result.outcome == Outcome::kTooLarge);
  CHECK(result.message == "the archive holds more than 64 MiB in all; upload only your sources");
  CHECK(fs::is_empty(s.out()));
  // Smaller caps are the caller's to choose.
  const ExtractResult small = safe_extract(s.archive("heavy.zip"), s.dir.path() / "small",
                                           {.max_total_bytes = 1000, .max_file_bytes = 600, .max_entries = 10});
  CHECK(small.message == "part0 is larger than 600 bytes, the most one file may hold; upload only your sources");
}

TEST_CASE("names that are not UTF-8 or hold control characters are repaired", "[intake]") {
  using Locale = TestArchive::WriterLocale;
  // A Windows zip (raw bytes, no UTF-8 flag), and pax with UTF-8 names beside raw ones (hdrcharset=BINARY).
  for (auto [format, locale] : {std::pair{TestFormat::kZip, Locale::kC}, std::pair{TestFormat::kPax, Locale::kUtf8}}) {
    Scratch s;
    write_test_archive(s.archive("names"), {.entries = {{.path = "bad\xff\xfe" "name.cu", .data = "1"},
                                                        {.path = "caf\xc3\xa9/matmul.cu", .data = "2"},
                                                        {.path = "bell\x07.cu", .data = "3"}},
                                            .format = format, .writer_locale = locale});
    const ExtractResult result = safe_extract(s.archive("names"), s.out());
    CHECK(result.outcome == Outcome::kExtracted);
    CHECK(result.files == Strings{"bad__name.cu", "caf\xc3\xa9/matmul.cu", "bell.cu"});
    CHECK(read_file(s.out() / "caf\xc3\xa9/matmul.cu") == "2");
    CHECK(any_note(result, "renamed \"bad\\xff\\xfename.cu\" to \"bad__name.cu\""));
    CHECK(any_note(result, "renamed \"bell\\x07.cu\" to \"bell.cu\""));
  }
}

TEST_CASE("UTF-8 names come through whatever the grader's locale, and unreadable ones are skipped", "[intake]") {
  Scratch s;
  // A desktop's zip flags its names as UTF-8; the first name here lies about that.
  write_test_archive(s.archive("flagged.zip"), {.entries = {{.path = "bad\xff.cu", .data = "1"},
                                                            {.path = "caf\xc3\xa9/matmul.cu", .data = "2"}}});
  const ExtractResult result = safe_extract(s.archive("flagged.zip"), s.out());
  CHECK(result.outcome == Outcome::kExtracted);
  CHECK(result.files == Strings{"caf\xc3\xa9/matmul.cu"});
  CHECK(any_note(result, "skipped entry 1: its name cannot be read (Pathname cannot be converted from UTF-8"));
}

TEST_CASE("macOS and Windows clutter is skipped", "[intake]") {
  Scratch s;
  write_test_archive(s.archive("mac.zip"), {.entries = {{.path = "__MACOSX/", .kind = Kind::kDirectory},
                                                        {.path = "__MACOSX/._matmul.cu", .data = "apple"},
                                                        {.path = ".DS_Store", .data = "ds"},
                                                        {.path = "src/._matmul.cu", .data = "apple"},
                                                        {.path = "src/matmul.cu", .data = "kernel"}}});
  const ExtractResult result = safe_extract(s.archive("mac.zip"), s.out());
  CHECK(result.files == Strings{"src/matmul.cu"});
  CHECK(on_disk(s.out()) == Strings{"src/matmul.cu"});
  CHECK(result.notes == Strings{"skipped 4 entries the operating system added (__MACOSX/, .DS_Store, ._*, Thumbs.db)"});
}

TEST_CASE("an archive inside the archive stays a file", "[intake]") {
  Scratch s;
  testing::write_zip(s.archive("inner.zip"), {{"matmul.cu", "kernel"}});
  testing::write_zip(s.archive("outer.zip"), {{"inner.zip", read_file(s.archive("inner.zip"))}, {"readme.txt", "r"}});
  const ExtractResult result = safe_extract(s.archive("outer.zip"), s.out());
  CHECK(result.outcome == Outcome::kExtracted);
  CHECK(on_disk(s.out()) == Strings{"inner.zip", "readme.txt"});
  CHECK(read_file(s.out() / "inner.zip") == read_file(s.archive("inner.zip")));
}

TEST_CASE("a cut-short archive is damaged; files read whole before the cut stay", "[intake]") {
  Scratch s;
  testing::write_zip(s.archive("whole.zip"), {{"first.cu", "first"}, {"second.cu", noise(20000)}, {"third.cu", "third"}});
  const std::string bytes = read_file(s.archive("whole.zip"));
  testing::write_text(s.archive("cut.zip"), bytes.substr(0, bytes.size() / 2));
  const ExtractResult result = safe_extract(s.archive("cut.zip"), s.out());
  CHECK(result.outcome == Outcome::kDamaged);
  CHECK_THAT(result.message, Catch::StartsWith("the archive is damaged: second.cu cannot be read ("));
  CHECK_THAT(result.message, Catch::EndsWith("make it again and upload it again"));
  CHECK(result.files == Strings{"first.cu"});
  CHECK(on_disk(s.out()) == Strings{"first.cu"});

  write_test_archive(s.archive("whole.tgz"), {.entries = {{.path = "matmul.cu", .data = noise(5000)}}, .format = TestFormat::kPaxGzip});
  testing::write_text(s.archive("cut.tgz"), read_file(s.archive("whole.tgz")).substr(0, 30));
  const ExtractResult tgz = safe_extract(s.archive("cut.tgz"), s.dir.path() / "tgz");
  CHECK(tgz.outcome == Outcome::kDamaged);
  CHECK_THAT(tgz.message, Catch::Contains("damaged"));
}

TEST_CASE("a header that understates its data is damage, not a smaller file", "[intake]") {
  Scratch s;
  testing::write_zip(s.archive("lie.zip"), {{"matmul.cu", std::string(200, 'k')}});
  testing::patch_zip_sizes(s.archive("lie.zip"), "matmul.cu", 3);
  const ExtractResult result = safe_extract(s.archive("lie.zip"), s.out());
  CHECK(result.outcome == Outcome::kDamaged);
  CHECK_THAT(result.message, Catch::Contains("matmul.cu cannot be read"));
  CHECK(fs::is_empty(s.out()));
}

TEST_CASE("files that are no archive say so", "[intake]") {
  Scratch s;
  testing::write_text(s.archive("homework.zip"), "I forgot to zip it, sorry\n");
  testing::write_text(s.archive("matmul.cu"), "#include \"matmul.cuh\"\n__global__ void k() {}\n");
  testing::write_text(s.archive("empty.zip"), "");
  for (const char* name : {"homework.zip", "matmul.cu"}) {
    INFO(name);
    const ExtractResult result = safe_extract(s.archive(name), s.out());
    CHECK(result.outcome == Outcome::kNotAnArchive);
    CHECK(result.message == "not an archive that can be opened (zip, tar, tar.gz, 7z or rar)");
  }
  const ExtractResult empty = safe_extract(s.archive("empty.zip"), s.out());
  CHECK(empty.outcome == Outcome::kNotAnArchive);
  CHECK(empty.message == "the file is empty");
  CHECK(fs::is_empty(s.out()));
}

TEST_CASE("a password-protected zip is refused with a message that says so", "[intake]") {
  for (const char* encryption : {"zipcrypt", "aes256"}) {
    INFO(encryption);
    Scratch s;
    try {
      write_test_archive(s.archive("secret.zip"), {.entries = {{.path = "matmul.cu", .data = "kernel"}},
                                                   .zip_encryption = encryption, .passphrase = "hunter2"});
    } catch (const std::runtime_error& error) {
      WARN("this libarchive cannot write " << encryption << " zips: " << error.what());
      continue;
    }
    const ExtractResult result = safe_extract(s.archive("secret.zip"), s.out());
    CHECK(result.outcome == Outcome::kDamaged);
    CHECK(result.message == "matmul.cu is password-protected: upload the archive without a password");
    CHECK(fs::is_empty(s.out()));
  }
}

TEST_CASE("clashing names: the later copy wins, and a file in a folder's place is skipped", "[intake]") {
  Scratch s;
  testing::write_zip(s.archive("clash.zip"), {{"matmul.cu", "one"}, {"matmul.cu", "two"}, {"a", "file"}, {"a/b.cu", "x"}});
  const ExtractResult result = safe_extract(s.archive("clash.zip"), s.out());
  CHECK(result.outcome == Outcome::kExtracted);
  CHECK(result.files == Strings{"matmul.cu", "a"});
  CHECK(read_file(s.out() / "matmul.cu") == "two");
  CHECK(any_note(result, "the archive holds matmul.cu twice; the later copy is kept"));
  CHECK(any_note(result, "skipped a/b.cu: a file stands where its folder must go"));
}

TEST_CASE("a flood of notes is cut to a readable few", "[intake]") {
  Scratch s;
  TestArchive links;
  for (int i = 0; i < 30; ++i) links.entries.push_back({.path = "l" + std::to_string(i), .kind = Kind::kSymlink, .link_target = "x"});
  write_test_archive(s.archive("links.zip"), links);
  const ExtractResult result = safe_extract(s.archive("links.zip"), s.out());
  CHECK(result.notes.size() == 21);
  CHECK(result.notes.back() == "... and 10 more notes like these");
}

TEST_CASE("a missing archive is the machine's problem, and throws", "[intake]") {
  Scratch s;
  CHECK_THROWS_AS(safe_extract(s.archive("nowhere.zip"), s.out()), std::runtime_error);
}

}  // namespace
}  // namespace cudagrade
