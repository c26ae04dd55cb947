#include "intake/intake.h"

#include <catch2/catch.hpp>
#include <fmt/format.h>

#include <algorithm>

#include "core/hash.h"
#include "core/files.h"
#include "core/temp_dir.h"
#include "intake/safe_name.h"
#include "intake/test_archives.h"

namespace cudagrade {
namespace {

namespace fs = std::filesystem;
using testing::TestEntry;
using testing::write_text;
using testing::write_zip;
using Outcome = Submission::Outcome;
using Standing = Submission::Standing;
using Strings = std::vector<std::string>;

constexpr const char* kReceipt = "Assignment4_jdoe42_attempt_2023-10-05-12-34-56.txt";
constexpr const char* kFirstTry = "Assignment4_jdoe42_attempt_2023-10-05-12-34-56_matmul.cu";
constexpr const char* kSecondTry = "Assignment4_jdoe42_attempt_2023-10-06-09-00-00_submission.zip";

void set_time(const fs::path& file, int64_t unix_seconds) {
  fs::last_write_time(file, std::chrono::file_clock::from_sys(std::chrono::sys_seconds(std::chrono::seconds(unix_seconds))));
}

std::string hash_of(const std::string& bytes) { return fmt::format("{:016x}", fnv1a(bytes)); }

bool has_note(const std::vector<std::string>& notes, const std::string& text) {
  return std::any_of(notes.begin(), notes.end(), [&](const std::string& note) { return note.find(text) != std::string::npos; });
}

struct Class {
  TempDir dir{TempDir::Medium::kDisk};
  fs::path input = dir.path() / "downloads";
  IntakeOptions options{.work_dir = dir.path() / "work"};

  const Submission& find(const IntakeResult& result, const std::string& upload) const {
    const auto it = std::find_if(result.submissions.begin(), result.submissions.end(),
                                 [&](const Submission& s) { return s.upload_name == upload; });
    REQUIRE(it != result.submissions.end());
    return *it;
  }
};

// A class as three LMSs deliver it, with every way an upload goes wrong.
void write_class(const fs::path& input) {
  write_text(input / kFirstTry, "// first try\n");
  write_zip(input / kSecondTry, {{"Lab4/src/matmul.cu", "// second try\n"}, {"Lab4/README.md", "readme"}});
  write_text(input / kReceipt, "Name: Jane Doe\nDate Submitted: ...\n");
  write_zip(input / "smithjohn_12345_6789012_matmul.zip", {{"main.cu", "int main() {}"}, {"notes.txt", "n"}});
  write_zip(input / "leeann_LATE_23456_7890123_project.zip", {{"v1/matmul.cu", "1"}, {"v2/matmul.cu", "2"}});
  write_text(input / "Assignment4_2015000001_Mary.zip", "not really a zip\n");
  write_text(input / "Ana Lima_345678_assignsubmission_file_/matmul.cu", "// Ana\n");
  fs::create_directories(input / "Bo Chen_456789_assignsubmission_file_");
  write_zip(input / "Bo Chen_456789_assignsubmission_file_/work.zip", {{"lab/matmul.cu", "// Bo\n"}});
  write_text(input / "kimdan_34567_8901233_matmul.cu", "// Dan, first\n");
  write_text(input / "kimdan_34567_8901234_matmul-1.cu", "// Dan, second\n");
  set_time(input / "kimdan_34567_8901233_matmul.cu", 1696100000);
  set_time(input / "kimdan_34567_8901234_matmul-1.cu", 1696200000);
  testing::write_test_archive(input / "evans_56789_9012345_hack.zip",
                              {.entries = {{.path = "matmul.cu", .data = "x"}, {.path = "../evil.cu", .data = "evil"}}});
  write_text(input / "random upload.pdf", "%PDF-1.4\n");
  write_text(input / "nguyenvan_67890_9123456_report.cu", "// wrong file\n");
  write_text(input / ".DS_Store", "ds");
}

TEST_CASE("a folder of a class's uploads: one line per upload, newest upload current", "[intake]") {
  Class c;
  write_class(c.input);
  const IntakeResult result = take_in(c.input, "matmul.cu", c.options);
  REQUIRE(result.outcome == IntakeResult::Outcome::kTakenIn);
  CHECK(result.notes == Strings{fmt::format("skipped {}: the LMS's receipt of an upload, not the upload", kReceipt)});

  Strings order;
  for (const Submission& s : result.submissions) {
    order.push_back(s.identity.id + (s.standing == Standing::kSuperseded ? " (superseded)" : ""));
  }
  CHECK(order == Strings{"12345", "2015000001", "23456", "34567", "34567 (superseded)", "345678", "456789", "56789",
                         "67890", "jdoe42", "jdoe42 (superseded)", "random upload"});

  const Submission& second = c.find(result, kSecondTry);
  CHECK(second.standing == Standing::kCurrent);
  CHECK(second.outcome == Outcome::kFound);
  CHECK(second.message == "found matmul.cu at Lab4/src/matmul.cu");
  CHECK(second.lab_file == c.options.work_dir / "jdoe42" / "matmul.cu");
  CHECK(read_file(second.lab_file) == "// second try\n");
  CHECK(second.content_hash == hash_of("// second try\n"));
  CHECK(second.time_source == Submission::TimeSource::kLms);
  CHECK(second.uploaded == std::chrono::sys_days(std::chrono::year(2023) / 10 / 6) + std::chrono::hours(9));
  CHECK(has_note(second.notes, fmt::format("this upload replaced an older one, {}", kFirstTry)));

  const Submission& first = c.find(result, kFirstTry);
  CHECK(first.standing == Standing::kSuperseded);
  CHECK(first.outcome == Outcome::kFound);
  CHECK(first.lab_file == c.options.work_dir / "jdoe42" / "superseded" / folder_name(kFirstTry) / "matmul.cu");
  CHECK(read_file(first.lab_file) == "// first try\n");
  CHECK(has_note(first.notes, fmt::format("a later upload replaced this one: {}", kSecondTry)));

  const Submission& missing = c.find(result, "smithjohn_12345_6789012_matmul.zip");
  CHECK(missing.outcome == Outcome::kMissingFile);
  CHECK(missing.message == "no matmul.cu in the upload; found: main.cu, notes.txt");
  CHECK(missing.identity.name == "smithjohn");
  CHECK(missing.lab_file.empty());
  CHECK(missing.content_hash == hash_of(read_file(c.input / "smithjohn_12345_6789012_matmul.zip")));

  const Submission& two = c.find(result, "leeann_LATE_23456_7890123_project.zip");
  CHECK(two.outcome == Outcome::kAmbiguous);
  CHECK(two.message == "2 files named matmul.cu in the upload: v1/matmul.cu, v2/matmul.cu; keep only the one to grade");
  CHECK(has_note(two.notes, "the LMS marked this upload late"));

  const Submission& fake = c.find(result, "Assignment4_2015000001_Mary.zip");
  CHECK(fake.outcome == Outcome::kNotAnArchive);
  CHECK(fake.message == "Assignment4_2015000001_Mary.zip: not an archive that can be opened (zip, tar, tar.gz, 7z or rar)");

  const Submission& ana = c.find(result, "Ana Lima_345678_assignsubmission_file_");
  CHECK(ana.outcome == Outcome::kFound);
  CHECK(ana.identity.name == "Ana Lima");
  CHECK(read_file(ana.lab_file) == "// Ana\n");

  const Submission& bo = c.find(result, "Bo Chen_456789_assignsubmission_file_");
  CHECK(bo.outcome == Outcome::kFound);
  CHECK(read_file(bo.lab_file) == "// Bo\n");
  CHECK(has_note(bo.notes, "the folder holds one file, work.zip, taken as the upload"));

  const Submission& dan = c.find(result, "kimdan_34567_8901234_matmul-1.cu");  // Canvas's name for a resubmission
  CHECK(dan.standing == Standing::kCurrent);
  CHECK(dan.outcome == Outcome::kFound);
  CHECK(dan.time_source == Submission::TimeSource::kFileTime);
  CHECK(read_file(dan.lab_file) == "// Dan, second\n");
  CHECK(c.find(result, "kimdan_34567_8901233_matmul.cu").standing == Standing::kSuperseded);

  const Submission& hack = c.find(result, "evans_56789_9012345_hack.zip");
  CHECK(hack.outcome == Outcome::kUnsafeArchive);
  CHECK_THAT(hack.message, Catch::Contains("\"../evil.cu\" climbs out of its folder"));
  CHECK(std::string(outcome_name(hack.outcome)) == "unsafe_archive");
  CHECK_FALSE(fs::exists(c.options.work_dir / "56789" / "uploads" / "evil.cu"));
  CHECK_FALSE(fs::exists(c.options.work_dir / "56789" / "matmul.cu"));

  const Submission& pdf = c.find(result, "random upload.pdf");
  CHECK(pdf.identity.pattern == "file-stem");
  CHECK(pdf.outcome == Outcome::kMissingFile);
  CHECK(pdf.message == "no matmul.cu in the upload; it is a single file, random upload.pdf: upload matmul.cu itself "
                       "or an archive that holds it");

  CHECK(c.find(result, "nguyenvan_67890_9123456_report.cu").message ==
        "no matmul.cu in the upload; it is a single file, report.cu: upload matmul.cu itself or an archive that holds it");
}

TEST_CASE("one archive holding the class: its entries are the uploads, their times kept", "[intake]") {
  Class c;
  testing::write_zip(c.dir.path() / "smith.zip", {{"main.cu", "int main() {}"}});
  const std::string top = "Assignment 4 - Download Oct 7, 2023/";
  testing::write_test_archive(
      c.dir.path() / "class.tar.gz",
      {.entries = {{.path = top + kFirstTry, .data = "// first try\n"},
                   {.path = top + "Ana Lima_345678_assignsubmission_file_/src/matmul.cu", .data = "// Ana\n"},
                   {.path = top + "smithjohn_12345_6789012_matmul.zip", .data = read_file(c.dir.path() / "smith.zip")},
                   {.path = top + "kimdan_34567_8901233_matmul.cu", .data = "// newer\n", .mtime = 1696200000},
                   {.path = top + "kimdan_34567_8901234_matmul-1.cu", .data = "// older\n", .mtime = 1696100000},
                   {.path = top + "__MACOSX/._kimdan_34567_8901233_matmul.cu", .data = "apple"}},
       .format = testing::TestFormat::kPaxGzip});
  const IntakeResult result = take_in(c.dir.path() / "class.tar.gz", "matmul.cu", c.options);
  REQUIRE(result.outcome == IntakeResult::Outcome::kTakenIn);
  CHECK(has_note(result.notes, "the class archive holds one folder, Assignment 4 - Download Oct 7, 2023; its entries are the uploads"));
  REQUIRE(result.submissions.size() == 5);
  CHECK(c.find(result, kFirstTry).outcome == Outcome::kFound);
  CHECK(read_file(c.find(result, "Ana Lima_345678_assignsubmission_file_").lab_file) == "// Ana\n");
  CHECK(c.find(result, "smithjohn_12345_6789012_matmul.zip").message == "no matmul.cu in the upload; found: main.cu");
  const Submission& dan = c.find(result, "kimdan_34567_8901233_matmul.cu");
  CHECK(dan.standing == Standing::kCurrent);  // the archive's times, not the extraction's, decide
  CHECK(read_file(dan.lab_file) == "// newer\n");
}

TEST_CASE("an input that cannot be used is refused as a whole", "[intake]") {
  Class c;
  const IntakeResult missing = take_in(c.dir.path() / "nowhere", "matmul.cu", c.options);
  CHECK(missing.outcome == IntakeResult::Outcome::kInputMissing);
  CHECK_THAT(missing.message, Catch::EndsWith("nowhere does not exist"));

  write_text(c.dir.path() / "notes.txt", "hello");
  const IntakeResult text = take_in(c.dir.path() / "notes.txt", "matmul.cu", c.options);
  CHECK(text.outcome == IntakeResult::Outcome::kInputRefused);
  CHECK(text.message == "notes.txt is neither a folder of uploads nor a usable archive of them: not an archive that "
                        "can be opened (zip, tar, tar.gz, 7z or rar)");
  CHECK(text.submissions.empty());

  testing::write_test_archive(c.dir.path() / "evil.zip", {.entries = {{.path = "../../escape.cu", .data = "x"}}});
  const IntakeResult evil = take_in(c.dir.path() / "evil.zip", "matmul.cu", c.options);
  CHECK(evil.outcome == IntakeResult::Outcome::kInputRefused);
  CHECK_THAT(evil.message, Catch::Contains("\"../../escape.cu\" climbs out of its folder"));
}

TEST_CASE("an instructor's pattern names the students, and the lab file's size is capped", "[intake]") {
  Class c;
  write_text(c.input / "Lab4-s1234567-matmul.cu", "// fine\n");
  write_text(c.input / "Lab4-s7654321-matmul.cu", std::string(200, 'x'));
  c.options.custom_pattern = parse_custom_pattern("Lab4-{id}-{file}").pattern;
  c.options.upload_limits.max_file_bytes = 100;
  const IntakeResult result = take_in(c.input, "matmul.cu", c.options);
  REQUIRE(result.submissions.size() == 2);
  const Submission& fine = result.submissions[0];
  CHECK(fine.identity.id == "s1234567");
  CHECK(fine.identity.pattern == "custom");
  CHECK(fine.outcome == Outcome::kFound);
  const Submission& big = result.submissions[1];
  CHECK(big.identity.id == "s7654321");
  CHECK(big.outcome == Outcome::kTooLarge);
  CHECK(big.message == "matmul.cu is larger than 100 bytes, the most one file may hold");
  CHECK(big.lab_file.empty());
}

TEST_CASE("a rerun over the same work folder leaves no stale copy behind", "[intake]") {
  Class c;
  write_zip(c.input / "smithjohn_12345_6789012_lab.zip", {{"matmul.cu", "// v1"}});
  REQUIRE(take_in(c.input, "matmul.cu", c.options).submissions.at(0).outcome == Outcome::kFound);
  REQUIRE(fs::exists(c.options.work_dir / "12345" / "matmul.cu"));
  write_zip(c.input / "smithjohn_12345_6789012_lab.zip", {{"main.cu", "// v2"}});
  const IntakeResult again = take_in(c.input, "matmul.cu", c.options);
  CHECK(again.submissions.at(0).outcome == Outcome::kMissingFile);
  CHECK_FALSE(fs::exists(c.options.work_dir / "12345" / "matmul.cu"));
  CHECK_FALSE(fs::exists(c.options.work_dir / "12345" / "uploads" / "smithjohn_12345_6789012_lab.zip" / "matmul.cu"));
}

}  // namespace
}  // namespace cudagrade
