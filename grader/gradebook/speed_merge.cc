#include "gradebook/speed_merge.h"

#include <fmt/format.h>

#include <algorithm>
#include <optional>

#include "model/enum_names.h"
#include "report/report_text.h"

namespace cudagrade {
namespace {

constexpr NameTable<SpeedMergeOutcome, 5> kOutcomeNames = {{
    {SpeedMergeOutcome::kMerged, "merged"},
    {SpeedMergeOutcome::kNothingToMerge, "nothing to merge"},
    {SpeedMergeOutcome::kNoGpuResult, "no GPU result for this file"},
    {SpeedMergeOutcome::kOtherCases, "the GPU run used other test cases"},
    {SpeedMergeOutcome::kNotTimedThere, "the GPU run did not time it"},
}};

bool has_unmeasured_speed(const StudentResult& student) {
  if (!student.report) return false;
  return std::any_of(student.report->cases.begin(), student.report->cases.end(),
                     [](const CaseResult& result) { return result.unmeasured_speed.has_value(); });
}

// The GPU run's graded result for the same file; a superseded or ungraded one has nothing to lend.
const StudentResult* same_file(const std::vector<StudentResult>& gpu_run, const StudentResult& student) {
  for (const StudentResult& candidate : gpu_run) {
    if (candidate.report && !candidate.content_hash.empty() && candidate.content_hash == student.content_hash) {
      return &candidate;
    }
  }
  return nullptr;
}

// The note the simulator left in the message ("...; speed is graded later ...") is no longer true.
void drop_unmeasured_note(std::string& message) {
  const size_t at = message.find("speed is graded later on the course GPU");
  if (at == std::string::npos) return;
  const size_t start = at >= 2 && message.compare(at - 2, 2, "; ") == 0 ? at - 2 : at;
  message.erase(start);
}

// Returns the points added, or nullopt when the GPU's case has no speed measurement to lend.
std::optional<double> merge_case(CaseResult& result, const CaseResult& gpu) {
  if (!gpu.speed || gpu.unmeasured_speed) return std::nullopt;
  const UnmeasuredSpeed unmeasured = *result.unmeasured_speed;
  // Speed points are only for a correct answer, and the simulator's verdict (races included) is the grade.
  const double points = result.status == CaseStatus::kPassed ? gpu.speed->points : 0;
  if (unmeasured.policy == SpeedWithoutGpu::kExclude) result.max_points += unmeasured.points;
  // The GPU's speed points replace those its efficiency rule gave without one: the change is the difference.
  double replaced = 0;
  if (result.efficiency && result.efficiency->grades_speed) {
    replaced = result.efficiency->points;
    result.points -= replaced;
    result.efficiency.reset();
  }
  result.points += points;
  result.speed = gpu.speed;
  result.speed->points = points;
  result.unmeasured_speed.reset();
  drop_unmeasured_note(result.message);
  result.message += fmt::format("{}speed from the GPU run: {} of {} speed points{}", result.message.empty() ? "" : "; ",
                                points_text(points), points_text(unmeasured.points),
                                unmeasured.policy == SpeedWithoutGpu::kEfficiency
                                    ? fmt::format(" (in place of the efficiency rule's {})", points_text(replaced))
                                    : "");
  return points - replaced;
}

}  // namespace

std::string_view to_string(SpeedMergeOutcome outcome) {
  return name_in(kOutcomeNames, outcome);
}

SpeedMerge merge_speed(StudentResult& student, const std::vector<StudentResult>& gpu_run,
                       const std::string& gpu_run_name) {
  SpeedMerge merge;
  if (!has_unmeasured_speed(student)) return merge;
  const StudentResult* gpu = same_file(gpu_run, student);
  if (gpu == nullptr) {
    merge.outcome = SpeedMergeOutcome::kNoGpuResult;
    return merge;
  }
  if (gpu->cases_hash != student.cases_hash) {
    merge.outcome = SpeedMergeOutcome::kOtherCases;
    return merge;
  }
  merge.outcome = SpeedMergeOutcome::kMerged;
  for (CaseResult& result : student.report->cases) {
    if (!result.unmeasured_speed) continue;
    const CaseResult* gpu_case = case_named(*gpu->report, result.name);
    const std::optional<double> added = gpu_case ? merge_case(result, *gpu_case) : std::nullopt;
    if (!added) {
      merge.outcome = SpeedMergeOutcome::kNotTimedThere;
      continue;
    }
    merge.points_added += *added;
  }
  total_up(*student.report);
  student.score = student.report->score;
  student.max_score = student.report->max_score;
  student.notes.push_back(fmt::format("speed points from the GPU run {} of the same file ({}): {}{}", gpu_run_name,
                                      gpu->report->device, merge.points_added < 0 ? "" : "+",
                                      points_text(merge.points_added)));
  return merge;
}

}  // namespace cudagrade
