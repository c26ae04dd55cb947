#include "gradebook/speed_merge.h"

#include <catch2/catch.hpp>

#include "testing/sample_class.h"
#include "testing/sample_reports.h"

namespace cudagrade {
namespace {

using testing::graded_student;
using testing::passing_report;
using testing::simulated_report;

// s01's file as the GPU graded it: every case passed, 2.5 of the performance case's 4 speed points.
std::vector<StudentResult> gpu_run() {
  GradeReport report = passing_report(1.5);
  report.cases[3].speed->points = 2.5;
  report.cases[3].points = 1 + 2.5;
  total_up(report);
  return {graded_student("s01", "Ada", report)};
}

TEST_CASE("speed excluded without a GPU: the simulator's 4 of 4 becomes 6.5 of 8 with the GPU run's speed, and merging again adds nothing",
          "[gradebook]") {
  StudentResult student = graded_student("s01", "Ada", simulated_report(passing_report(1.0)));
  REQUIRE(student.score == 4);
  REQUIRE(student.max_score == 4);
  const SpeedMerge merge = merge_speed(student, gpu_run(), "gpu-run");
  CHECK(merge.outcome == SpeedMergeOutcome::kMerged);
  CHECK(merge.points_added == 2.5);
  CHECK(student.score == 6.5);
  CHECK(student.max_score == 8);
  CHECK(student.report->score == 6.5);
  const CaseResult& timed = student.report->cases[3];
  CHECK(timed.points == 3.5);
  CHECK(timed.max_points == 5);
  CHECK_FALSE(timed.unmeasured_speed);
  REQUIRE(timed.speed);
  CHECK(timed.speed->ratio == Approx(1.5));
  CHECK(timed.message == "speed from the GPU run: 2.5 of 4 speed points");
  CHECK(student.notes.back() == "speed points from the GPU run gpu-run of the same file (NVIDIA H200): +2.5");
  CHECK(student.status == StudentStatus(CaseStatus::kPassed));

  const SpeedMerge again = merge_speed(student, gpu_run(), "gpu-run");
  CHECK(again.outcome == SpeedMergeOutcome::kNothingToMerge);
  CHECK(student.score == 6.5);
  CHECK(student.max_score == 8);
}

TEST_CASE("zero: the speed points were in the total at 0, and the GPU run's fill them in", "[gradebook]") {
  StudentResult student =
      graded_student("s01", "Ada", simulated_report(passing_report(1.0), SpeedWithoutGpu::kZero));
  REQUIRE(student.score == 4);
  REQUIRE(student.max_score == 8);
  merge_speed(student, gpu_run(), "gpu-run");
  CHECK(student.score == 6.5);
  CHECK(student.max_score == 8);
}

TEST_CASE("efficiency: the GPU run's speed points replace those the efficiency rule gave", "[gradebook][efficiency]") {
  GradeReport report = simulated_report(passing_report(1.0), SpeedWithoutGpu::kEfficiency);
  EfficiencyResult efficiency;
  efficiency.metric = EfficiencyMetric::kGlobalTrafficRatio;
  efficiency.value = 7;
  efficiency.full = 8;
  efficiency.zero = 64;
  efficiency.points = 3;
  efficiency.max_points = 4;
  efficiency.counted_by = "simulator";
  efficiency.grades_speed = true;
  report.cases[3].efficiency = efficiency;
  report.cases[3].points += 3;
  total_up(report);
  StudentResult student = graded_student("s01", "Ada", report);
  REQUIRE(student.score == 7);
  REQUIRE(student.max_score == 8);
  const SpeedMerge merge = merge_speed(student, gpu_run(), "gpu-run");
  CHECK(merge.outcome == SpeedMergeOutcome::kMerged);
  CHECK(merge.points_added == -0.5);  // 2.5 timed in place of 3 counted
  CHECK(student.score == 6.5);
  CHECK(student.max_score == 8);
  const CaseResult& timed = student.report->cases[3];
  CHECK(timed.points == 3.5);
  CHECK_FALSE(timed.efficiency);
  CHECK_FALSE(timed.unmeasured_speed);
  CHECK_THAT(timed.message,
             Catch::EndsWith("speed from the GPU run: 2.5 of 4 speed points (in place of the efficiency rule's 3)"));
}

TEST_CASE("a case the simulator failed earns no speed points from the GPU, and its maximum comes back",
          "[gradebook]") {
  GradeReport report = simulated_report(passing_report(1.0));
  report.cases[3].status = CaseStatus::kRace;
  report.cases[3].points = 0;
  total_up(report);
  StudentResult student = graded_student("s01", "Ada", report);
  const SpeedMerge merge = merge_speed(student, gpu_run(), "gpu-run");
  CHECK(merge.outcome == SpeedMergeOutcome::kMerged);
  CHECK(merge.points_added == 0);
  CHECK(student.score == 3);
  CHECK(student.max_score == 8);
  CHECK(student.status == StudentStatus(CaseStatus::kRace));
}

TEST_CASE("a GPU run of another file, on other test cases or without timing leaves the student as they were",
          "[gradebook]") {
  const StudentResult before = graded_student("s01", "Ada", simulated_report(passing_report(1.0)));

  std::vector<StudentResult> other_file = gpu_run();
  other_file[0].content_hash = "sha256:changed";
  StudentResult student = before;
  CHECK(merge_speed(student, other_file, "gpu-run").outcome == SpeedMergeOutcome::kNoGpuResult);
  CHECK((student.score == 4 && student.max_score == 4 && student.notes.empty()));

  std::vector<StudentResult> other_cases = gpu_run();
  other_cases[0].cases_hash = "sha256:other-cases";
  student = before;
  CHECK(merge_speed(student, other_cases, "gpu-run").outcome == SpeedMergeOutcome::kOtherCases);
  CHECK((student.score == 4 && student.max_score == 4));

  std::vector<StudentResult> untimed = {before};  // the "GPU run" was itself graded in the simulator
  student = before;
  CHECK(merge_speed(student, untimed, "sim-run").outcome == SpeedMergeOutcome::kNotTimedThere);
  CHECK((student.score == 4 && student.max_score == 4));
  CHECK(student.report->cases[3].unmeasured_speed);
}

}  // namespace
}  // namespace cudagrade
