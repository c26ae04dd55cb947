#include "pipeline/race_check.h"

#include <fmt/format.h>


namespace cudagrade {
namespace {

// Empty when the simulator's report can be merged; else why it cannot (the file is built and run there by
// a different compiler, which may refuse what nvcc accepts).
std::string why_not_checked(const GradeReport& sim) {
  const std::string said = !sim.build_summary.empty() ? sim.build_summary
                           : sim.cases.empty()        ? std::string("no case ran")
                                                      : sim.cases.front().message;
  switch (sim.verdict) {
    case CaseStatus::kUnsupported: return "the simulator cannot run this file: " + said;
    case CaseStatus::kCompileError:
    case CaseStatus::kRejected: return "the simulator could not build this file: " + said;
    case CaseStatus::kInfraError: return "the simulator could not run here: " + said;
    default: return "";
  }
}

const CaseResult* case_named(const GradeReport& report, const std::string& name) {
  for (const CaseResult& result : report.cases) {
    if (result.name == name) return &result;
  }
  return nullptr;
}

}  // namespace

void merge_race_verdicts(GradeReport& gpu, const GradeReport& sim) {
  if (const std::string why = why_not_checked(sim); !why.empty()) {
    gpu.race_check = "none: " + why;
    return;
  }
  gpu.race_check = "simulator, alongside the GPU";
  for (CaseResult& result : gpu.cases) {
    const CaseResult* simulated = case_named(sim, result.name);
    // What only the simulator sees: a race, and host work (it watches every copy and every access).
    if (simulated == nullptr ||
        (simulated->status != CaseStatus::kRace && simulated->status != CaseStatus::kHostCompute)) {
      continue;
    }
    std::string details = simulated->details;
    details += fmt::format("{}on the GPU this case was {}{}", details.empty() ? "" : "\n", to_string(result.status),
                           result.message.empty() ? "" : ": " + result.message);
    if (!result.details.empty()) details += "\n" + result.details;
    result.status = simulated->status;
    result.message = simulated->message;
    result.details = details;
    result.points = 0;
    if (result.speed) result.speed->points = 0;
  }
  total_up(gpu);
}

void apply_race_check(GradeReport& gpu, std::future<GradeReport> simulated) {
  try {
    merge_race_verdicts(gpu, simulated.get());
  } catch (const std::exception& error) {
    // The simulator's trouble must not cost the GPU's grade: the report says no race check ran, and why.
    gpu.race_check = std::string("none: the simulator failed: ") + error.what();
  }
}

GradeReport grade_with_race_check(Grader& gpu, Grader& sim, const std::filesystem::path& submission,
                                  const TestSuite& suite) {
  std::future<GradeReport> simulated =
      std::async(std::launch::async, [&] { return sim.grade(submission, suite); });
  GradeReport report = gpu.grade(submission, suite);
  apply_race_check(report, std::move(simulated));
  return report;
}

}  // namespace cudagrade
