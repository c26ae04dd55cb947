#include "gradebook/roster.h"

#include <catch2/catch.hpp>

#include "testing/sample_class.h"

namespace cudagrade {
namespace {

std::vector<std::string> ids(const std::vector<const StudentResult*>& students) {
  std::vector<std::string> result;
  for (const StudentResult* student : students) result.push_back(student->student_id);
  return result;
}

StudentResult upload(std::string id, std::string status, double score) {
  StudentResult student;
  student.student_id = std::move(id);
  student.status = student_status_from_string(status).value();
  student.score = score;
  return student;
}

TEST_CASE("the roster lists every student once, sorted by id, and keeps superseded uploads apart", "[gradebook]") {
  const std::vector<StudentResult> results = testing::sample_class();
  const Roster roster = make_roster(results);
  CHECK(ids(roster.current) == std::vector<std::string>{"s01", "s02", "s03", "s04", "s05", "s06", "s07"});
  REQUIRE(roster.superseded.size() == 1);
  CHECK(roster.superseded[0] == &results[1]);
  CHECK(roster.current[5] == &results[7]);  // s06's later upload counts
  CHECK(roster.current[5]->score == 8);
}

TEST_CASE("superseded is read from the status or from intake's note", "[gradebook]") {
  StudentResult by_status = upload("a", "superseded", 0);
  StudentResult by_note = upload("a", "passed", 1);
  by_note.notes = {"skipped __MACOSX/", std::string(kSupersededNote)};
  CHECK(is_superseded(by_status));
  CHECK(is_superseded(by_note));
  CHECK_FALSE(is_superseded(upload("a", "passed", 1)));
}

TEST_CASE("without marks the last upload of a student counts; if all are marked, the last still does", "[gradebook]") {
  StudentResult all_old_1 = upload("b", "superseded", 1);
  StudentResult all_old_2 = upload("b", "superseded", 2);
  const std::vector<StudentResult> results = {upload("a", "passed", 1), upload("a", "wrong_answer", 2), all_old_1,
                                              all_old_2};
  const Roster roster = make_roster(results);
  REQUIRE(roster.current.size() == 2);
  CHECK(roster.current[0]->score == 2);
  CHECK(roster.current[1]->score == 2);
  CHECK(ids(roster.superseded) == std::vector<std::string>{"a", "b"});
  CHECK(make_roster({}).current.empty());
}

}  // namespace
}  // namespace cudagrade
