#include "pipeline/race_check.h"

#include <fmt/format.h>

#include "core/parallel.h"
#include "core/phase_clock.h"
#include "model/launch_account.h"

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

// A checker's verdict on a case the GPU graded: its status and message, no points; what the GPU said and the
// checker's own details stay in the details.
void overrule(CaseResult& result, CaseStatus status, const std::string& message, const std::string& checker_details) {
  std::string details = checker_details;
  details += fmt::format("{}on the GPU this case was {}{}", details.empty() ? "" : "\n", to_string(result.status),
                         result.message.empty() ? "" : ": " + result.message);
  if (!result.details.empty()) details += "\n" + result.details;
  result.status = status;
  result.message = message;
  result.details = details;
  result.points = 0;
  if (result.speed) result.speed->points = 0;
}

// The GPU grade's efficiency cases take the simulator's figure and points (a GPU cannot count them here: ncu
// cannot profile the sandboxed runner), so that the case grades the same on either backend.
void merge_efficiency(GradeReport& gpu, const GradeReport& sim) {
  for (CaseResult& result : gpu.cases) {
    if (!result.efficiency || result.efficiency->note != kAwaitingSimulatorCount) continue;
    const CaseResult* simulated = case_named(sim, result.name);
    if (simulated == nullptr || !simulated->efficiency) continue;
    EfficiencyResult counted = *simulated->efficiency;
    if (!counted.counted_by.empty()) counted.counted_by = "simulator, beside the GPU grade";
    if (result.status != CaseStatus::kPassed) {
      counted.points = 0;
      counted.note = "no efficiency points: the outputs must be right first";
    }
    result.points = counted.points;
    result.efficiency = counted;
  }
}

}  // namespace

void settle_uncounted_efficiency(GradeReport& gpu, const std::string& why) {
  bool changed = false;
  for (CaseResult& result : gpu.cases) {
    if (!result.efficiency || result.efficiency->note != kAwaitingSimulatorCount) continue;
    result.efficiency->note = "not graded: the simulator counts efficiency cases, and " + why;
    result.efficiency->points = 0;
    result.points = 0;
    changed = true;
  }
  if (changed) total_up(gpu);
}

namespace {

// What differs between the two accounts of case `name`, for the report; empty when nothing does. Where the
// simulator ran the case smaller, its grids and copies differ of course, and only the kernels are compared.
std::string account_difference(const std::string& name, const CaseResult& gpu, const CaseResult& sim) {
  const LaunchAccountText on_gpu = parse_launch_account(gpu.launches), simulated = parse_launch_account(sim.launches);
  const bool same_size = gpu.launches_size == sim.launches_size;
  if (on_gpu.names_hash != simulated.names_hash) {
    return fmt::format("in case {} the GPU launched the kernels {{{}}}, the simulator {{{}}}{}", name, on_gpu.kernels,
                       simulated.kernels, same_size ? "" : " at its smaller size");
  }
  if (!same_size) return "";
  if (on_gpu.launches != simulated.launches || on_gpu.hash != simulated.hash) {
    return fmt::format("in case {} the GPU launched {} kernels, the simulator {}{}", name, on_gpu.launches,
                       simulated.launches,
                       on_gpu.launches == simulated.launches ? ", with other grids, blocks or copies" : "");
  }
  if (!same_launches(on_gpu, simulated)) {
    return fmt::format("in case {} the GPU's kernels were passed other arguments than the simulator's", name);
  }
  return "";
}

}  // namespace

LaunchDifference launches_differ(GradeReport& gpu, const GradeReport& sim) {
  LaunchDifference difference;
  double largest = -1;
  int others = 0;
  for (CaseResult& result : gpu.cases) {
    const CaseResult* simulated = case_named(sim, result.name);
    if (simulated == nullptr || result.launches.empty() || simulated->launches.empty()) continue;
    const std::string said = account_difference(result.name, result, *simulated);
    if (said.empty()) continue;
    result.details +=
        (result.details.empty() ? "" : "\n") + fmt::format("The GPU ran other launches than the simulator: {}.", said);
    double elements = 1;
    for (int64_t side : result.size) elements *= static_cast<double>(side);
    if (elements > largest) {
      largest = elements;
      difference.largest = result.name;
    }
    if (difference.said.empty()) {
      difference.said = said;
    } else {
      ++others;
    }
  }
  if (others > 0) difference.said += fmt::format(" (and in {} more {})", others, others == 1 ? "case" : "cases");
  return difference;
}

SimulatorCheck merge_race_verdicts(GradeReport& gpu, const GradeReport& sim, std::string* sanitize_case) {
  if (const std::string why = why_not_checked(sim); !why.empty()) {
    gpu.race_check = "none: " + why;
    return SimulatorCheck::kNotChecked;
  }
  gpu.race_check = "simulator, alongside the GPU";
  gpu.profile = sim.profile;  // counted by the simulator when asked for (check --profile)
  merge_efficiency(gpu, sim);
  for (CaseResult& result : gpu.cases) {
    const CaseResult* simulated = case_named(sim, result.name);
    // What only the simulator sees: a race, and host work (it watches every copy and every access).
    if (simulated == nullptr ||
        (simulated->status != CaseStatus::kRace && simulated->status != CaseStatus::kHostCompute)) {
      continue;
    }
    overrule(result, simulated->status, simulated->message, simulated->details);
  }
  total_up(gpu);
  if (const LaunchDifference differ = launches_differ(gpu, sim); !differ.said.empty()) {
    gpu.race_check += "; the GPU's launches differ from the simulator's: " + differ.said;
    if (sanitize_case != nullptr) *sanitize_case = differ.largest;
    return SimulatorCheck::kLaunchesDiffer;
  }
  return SimulatorCheck::kMerged;
}

SimulatorCheck apply_race_check(GradeReport& gpu, std::future<GradeReport> simulated, std::string* sanitize_case) {
  try {
    GradeReport checked = [&] {
      ScopedPhase phase("race check: wait for the simulator's verdict");
      return simulated.get();
    }();
    return merge_race_verdicts(gpu, checked, sanitize_case);
  } catch (const std::exception& error) {
    // The simulator's trouble must not cost the GPU's grade: the report says no race check ran, and why.
    gpu.race_check = std::string("none: the simulator failed: ") + error.what();
    return SimulatorCheck::kNotChecked;
  }
}

void merge_sanitizer_verdict(GradeReport& gpu, const SanitizerVerdict& verdict, const std::string& instead_of) {
  // "none: the simulator cannot run this file: ..." -> "the simulator cannot run this file: ..."
  const std::string simulator_said = instead_of.rfind("none: ", 0) == 0 ? instead_of.substr(6) : instead_of;
  const std::string because = simulator_said.empty() ? "" : ", since " + simulator_said;
  if (verdict.outcome == SanitizerVerdict::Outcome::kNotChecked) {
    gpu.race_check = "none: " + verdict.message + (simulator_said.empty() ? "" : "; and " + simulator_said);
    return;
  }
  gpu.race_check = fmt::format("compute-sanitizer (racecheck, synccheck) on case {}{}", verdict.case_name, because);
  if (verdict.outcome != SanitizerVerdict::Outcome::kFound) return;
  for (CaseResult& result : gpu.cases) {
    if (result.name == verdict.case_name) overrule(result, verdict.status, verdict.message, "");
  }
  total_up(gpu);
}

void finish_race_check(Grader& gpu, const std::filesystem::path& submission, const TestSuite& suite,
                       GradeReport& report, std::future<GradeReport>* simulated) {
  std::string instead_of;
  if (simulated != nullptr && simulated->valid()) {
    std::string sanitize_case;
    const SimulatorCheck checked = apply_race_check(report, std::move(*simulated), &sanitize_case);
    if (checked == SimulatorCheck::kMerged) return;
    if (checked == SimulatorCheck::kLaunchesDiffer) {
      // The simulator checked other code than the GPU ran: compute-sanitizer checks what the GPU runs.
      const std::string merged = report.race_check;
      try {
        merge_sanitizer_verdict(report, gpu.sanitize(submission, suite, sanitize_case, &report));
        report.race_check = merged + "; and " + report.race_check;
      } catch (const std::exception& error) {
        report.race_check = merged + "; compute-sanitizer could not run: " + error.what();
      }
      return;
    }
    instead_of = report.race_check;
  }
  const bool said_none = instead_of.rfind("none: ", 0) == 0;
  settle_uncounted_efficiency(report, instead_of.empty() ? "it did not run beside this GPU grade (--race-check)"
                                                          : "it did not count here: " + instead_of.substr(said_none ? 6 : 0));
  try {
    merge_sanitizer_verdict(report, gpu.sanitize(submission, suite, "", &report), instead_of);
  } catch (const std::exception& error) {
    // As for the simulator: the checker's trouble (no room for an arena, say) must not cost the grade.
    report.race_check = std::string("none: compute-sanitizer could not run: ") + error.what();
  }
}

GradeReport grade_with_race_check(Grader& gpu, Grader* sim, const std::filesystem::path& submission,
                                  const TestSuite& suite) {
  std::future<GradeReport> simulated;
  if (sim != nullptr) {
    simulated = run_beside([&] {
      ScopedPhase phase("race check: the simulator's whole grade, beside");
      PhaseClock::QuietThread quiet;
      return sim->grade(submission, suite);
    });
  }
  GradeReport report = gpu.grade(submission, suite);
  finish_race_check(gpu, submission, suite, report, &simulated);
  return report;
}

}  // namespace cudagrade
