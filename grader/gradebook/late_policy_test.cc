#include "gradebook/late_policy.h"

#include <catch2/catch.hpp>

#include "testing/sample_class.h"
#include "testing/sample_reports.h"

namespace cudagrade {
namespace {

int64_t at(const std::string& text) {
  return parse_wall_clock(text).value().time_since_epoch().count();
}

LatePolicy policy() {
  std::string problem;
  std::optional<LatePolicy> parsed = parse_late_policy("10%/day, max 3 days", "2026-11-20 23:59", problem);
  INFO(problem);
  REQUIRE(parsed);
  return *parsed;
}

StudentResult uploaded(const std::string& id, const std::string& when, const std::string& from = "the LMS's file name") {
  StudentResult student = testing::graded_student(id, "", testing::passing_report(1.0));  // 8 of 8
  student.uploaded_at = at(when);
  student.uploaded_from = from;
  return student;
}

TEST_CASE("a late policy reads as a teacher writes it, and refuses what it cannot read", "[gradebook][late]") {
  const LatePolicy parsed = policy();
  CHECK(parsed.percent_per_day == 10);
  CHECK(parsed.max_days == 3);
  CHECK(wall_clock_text(parsed.deadline) == "2026-11-20 23:59:00");
  std::string problem;
  CHECK(parse_late_policy("5% per day", "2026-11-20", problem)->max_days == 0);
  CHECK(wall_clock_text(parse_late_policy("5% per day", "2026-11-20", problem)->deadline) == "2026-11-20 23:59:59");
  CHECK_FALSE(parse_late_policy("ten percent", "2026-11-20", problem));
  CHECK_THAT(problem, Catch::Contains("\"10%/day, max 3 days\""));
  CHECK_FALSE(parse_late_policy("10%/day", "20 Nov", problem));
  CHECK_THAT(problem, Catch::Contains("deadline '20 Nov'"));
}

TEST_CASE("each started day late costs 10%, past 3 days everything, an extension moves the deadline",
          "[gradebook][late]") {
  std::vector<StudentResult> results = {
      uploaded("on-time", "2026-11-20 23:59:00"),
      uploaded("one-minute", "2026-11-21 00:00:00", "the file's time"),
      uploaded("two-days", "2026-11-22 10:00:00"),
      uploaded("four-days", "2026-11-24 10:00:00"),
      uploaded("extended", "2026-11-22 10:00:00"),
  };
  StudentResult canvas = testing::graded_student("canvas-late", "", testing::passing_report(1.0));
  canvas.marked_late = true;
  results.push_back(canvas);
  LateRules rules{policy(), {{"extended", *parse_wall_clock("2026-11-23 12:00")}}, {}};
  apply_late_rules(results, rules);
  CHECK(results[0].score == 8);
  CHECK(results[0].lateness.empty());
  CHECK(results[1].score == Approx(7.2));
  CHECK(results[1].lateness == "1 day late (uploaded 2026-11-21 00:00:00, read from the file's time): -10%");
  CHECK(results[2].score == Approx(6.4));
  CHECK(results[2].late_penalty == Approx(1.6));
  CHECK(results[2].raw_score == 8);
  CHECK(results[3].score == 0);
  CHECK_THAT(results[3].lateness, Catch::EndsWith("past the 3-day limit, no credit"));
  CHECK(results[4].score == 8);  // before its extended deadline
  CHECK(results[5].score == Approx(7.2));
  CHECK_THAT(results[5].lateness, Catch::StartsWith("late by the LMS's mark, at an unknown time"));
}

TEST_CASE("an override sets the final score with its reason, over any penalty", "[gradebook][late]") {
  std::vector<std::string> problems;
  const auto overrides = parse_overrides(
      "student_id,score,reason\r\ntwo-days,7.5,\"illness, note from the doctor\"\r\nbroken,x,y\r\n", problems);
  REQUIRE(problems.size() == 1);
  CHECK(problems[0] == "overrides.csv:3: expected student_id,score,reason");
  CHECK(overrides_csv(overrides) == "student_id,score,reason\r\ntwo-days,7.5,\"illness, note from the doctor\"\r\n");
  std::vector<StudentResult> results = {uploaded("two-days", "2026-11-22 10:00:00")};
  apply_late_rules(results, {policy(), {}, overrides});
  CHECK(results[0].score == 7.5);
  CHECK(results[0].raw_score == 8);
  CHECK(results[0].override_reason == "illness, note from the doctor");
  CHECK_FALSE(results[0].lateness.empty());  // still said, for the record
}

TEST_CASE("the extension file: one student a line, comments, and clear problems", "[gradebook][late]") {
  const Extensions extensions =
      parse_extensions("# granted by email\n2026000003 2026-11-23 12:00\n\n2026000004\tsoon\n", "ext.txt");
  REQUIRE(extensions.deadlines.size() == 1);
  CHECK(wall_clock_text(extensions.deadlines.at("2026000003")) == "2026-11-23 12:00:00");
  REQUIRE(extensions.problems.size() == 1);
  CHECK(extensions.problems[0] == "ext.txt:4: expected '<student id> <YYYY-MM-DD HH:MM>', not '2026000004\tsoon'");
}

}  // namespace
}  // namespace cudagrade
