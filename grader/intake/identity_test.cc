#include "intake/identity.h"

#include <catch2/catch.hpp>

namespace cudagrade {
namespace {

using Role = Identity::Role;
using Lateness = Identity::Lateness;

std::chrono::sys_seconds at(int y, unsigned mo, unsigned d, int h, int mi, int s) {
  return std::chrono::sys_days(std::chrono::year(y) / mo / d) + std::chrono::hours(h) + std::chrono::minutes(mi) +
         std::chrono::seconds(s);
}

Identity lms(const std::string& name, UploadShape shape = UploadShape::kFile) { return identify(name, shape, lms_patterns()); }

TEST_CASE("Blackboard names: attempt files, receipts and per-student archives", "[intake]") {
  const Identity file = lms("Assignment4_2015000000_attempt_2023-10-05-12-34-56_matmul.cu");
  CHECK(file.pattern == "blackboard");
  CHECK(file.id == "2015000000");
  CHECK(file.name.empty());
  CHECK(file.file == "matmul.cu");
  CHECK(file.role == Role::kUpload);
  CHECK(file.submitted == at(2023, 10, 5, 12, 34, 56));
  CHECK(file.notes.empty());

  // The assignment's own name may hold underscores; the id is the part before _attempt_.
  const Identity zip = lms("CUDA_Lab_4_Matmul_jdoe42_attempt_2023-10-06-09-00-00_My Submission.zip");
  CHECK(zip.id == "jdoe42");
  CHECK(zip.file == "My Submission.zip");
  CHECK(zip.submitted == at(2023, 10, 6, 9, 0, 0));

  const Identity receipt = lms("Assignment4_2015000000_attempt_2023-10-05-12-34-56.txt");
  CHECK(receipt.role == Role::kReceipt);
  CHECK(receipt.id == "2015000000");

  const Identity archive = lms("Assignment4_2015000000_Name.zip");
  CHECK(archive.pattern == "blackboard");
  CHECK(archive.id == "2015000000");
  CHECK(archive.name == "Name");
  CHECK_FALSE(archive.submitted);

  const Identity impossible = lms("Assignment4_jdoe42_attempt_2023-02-30-12-00-00_matmul.cu");
  CHECK(impossible.id == "jdoe42");
  CHECK_FALSE(impossible.submitted);
  REQUIRE(impossible.notes.size() == 1);
  CHECK_THAT(impossible.notes[0], Catch::Contains("\"2023-02-30-12-00-00\" in the name is no valid date"));
}

TEST_CASE("Canvas names: sortable name, late flag, user id, and numbered resubmissions", "[intake]") {
  const Identity on_time = lms("smithjohn_12345_6789012_matmul.cu");
  CHECK(on_time.pattern == "canvas");
  CHECK(on_time.id == "12345");
  CHECK(on_time.name == "smithjohn");
  CHECK(on_time.file == "matmul.cu");
  CHECK(on_time.lateness == Lateness::kNotMarked);
  CHECK_FALSE(on_time.submitted);

  for (const char* name : {"smithjohn_LATE_12345_6789012_matmul.zip", "smithjohn_late_12345_6789012_matmul.zip"}) {
    INFO(name);
    const Identity late = lms(name);
    CHECK(late.id == "12345");
    CHECK(late.name == "smithjohn");
    CHECK(late.lateness == Lateness::kLate);
    CHECK(late.file == "matmul.zip");
  }
  CHECK(lms("smithjohn_12345_6789013_matmul-1.cu").file == "matmul.cu");
  CHECK(lms("smithjohn_12345_6789013_my_matmul-12.cu").file == "my_matmul.cu");
}

TEST_CASE("Moodle names: per-student folders and prefixed files", "[intake]") {
  const Identity folder = lms("Ana Lima_123456_assignsubmission_file_", UploadShape::kFolder);
  CHECK(folder.pattern == "moodle");
  CHECK(folder.id == "123456");
  CHECK(folder.name == "Ana Lima");
  CHECK(folder.file.empty());

  const Identity file = lms("Jean-Luc O'Brien_98765_assignsubmission_file_matmul.cu");
  CHECK(file.id == "98765");
  CHECK(file.name == "Jean-Luc O'Brien");
  CHECK(file.file == "matmul.cu");
}

TEST_CASE("a name no pattern matches keeps its stem as the id, with a note", "[intake]") {
  const Identity tarball = lms("jdoe_final.tar.gz");
  CHECK(tarball.pattern == "file-stem");
  CHECK(tarball.id == "jdoe_final");
  CHECK(tarball.notes == std::vector<std::string>{
                             "the name \"jdoe_final.tar.gz\" matches no LMS pattern; \"jdoe_final\" is taken as the student id"});
  CHECK(lms("matmul.cu").id == "matmul");
  CHECK(lms("j.doe", UploadShape::kFolder).id == "j.doe");
  CHECK(lms("j.doe").id == "j");
  CHECK(lms(".hidden").id == ".hidden");
}

TEST_CASE("an instructor's template names the parts with placeholders", "[intake]") {
  const CustomPattern parsed = parse_custom_pattern("Lab4 - {name} ({id}) - {*}_{file}");
  REQUIRE(parsed.outcome == CustomPattern::Outcome::kValid);
  std::vector<NamePattern> patterns = lms_patterns();
  patterns.insert(patterns.begin(), *parsed.pattern);

  const Identity identity = identify("Lab4 - Ana Lima (s1234567) - 2023-10-05_matmul.cu", UploadShape::kFile, patterns);
  CHECK(identity.pattern == "custom");
  CHECK(identity.id == "s1234567");
  CHECK(identity.name == "Ana Lima");
  CHECK(identity.file == "matmul.cu");
  // Regex characters in the template are literal text, and names the template misses still meet the LMS patterns.
  CHECK(identify("Lab4 - Ana Lima s1234567 - x_matmul.cu", UploadShape::kFile, patterns).pattern == "file-stem");
  CHECK(identify("smithjohn_12345_6789012_matmul.cu", UploadShape::kFile, patterns).pattern == "canvas");
}

TEST_CASE("an instructor's regex: group 1 the id, group 2 the name", "[intake]") {
  const CustomPattern parsed = parse_custom_pattern(R"(regex:^(s\d{7})-([A-Za-z]+)\..*$)");
  REQUIRE(parsed.outcome == CustomPattern::Outcome::kValid);
  const Identity identity = identify("s1234567-Lima.zip", UploadShape::kFile, {*parsed.pattern});
  CHECK(identity.id == "s1234567");
  CHECK(identity.name == "Lima");
  CHECK(identify("t1234567-Lima.zip", UploadShape::kFile, {*parsed.pattern}).pattern == "file-stem");
}

TEST_CASE("a broken instructor pattern is refused with what is wrong", "[intake]") {
  struct Example {
    std::string spec;
    std::string message;
  };
  for (const Example& example : {Example{"{name}_{file}", "has no {id}"},
                                 Example{"{id}_{id}", "has {id} twice"},
                                 Example{"{id}_{student}", "has {student}; the placeholders are {id}, {name}, {file} and {*}"},
                                 Example{"{id", "has a '{' without its '}'"},
                                 Example{"regex:(unclosed", "is not a valid regex"},
                                 Example{"regex:no-groups", "has no group for the id"}}) {
    INFO(example.spec);
    const CustomPattern parsed = parse_custom_pattern(example.spec);
    CHECK(parsed.outcome == CustomPattern::Outcome::kInvalid);
    CHECK_FALSE(parsed.pattern);
    CHECK_THAT(parsed.message, Catch::Contains(example.message));
  }
}

}  // namespace
}  // namespace cudagrade
