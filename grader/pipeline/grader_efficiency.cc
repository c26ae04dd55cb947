// Efficiency rules (model/efficiency.h): the simulator counts a case's accesses in every block, with the
// modelled cache, and its figure grades the case's points (kind efficiency) or its speed points where no GPU
// timed it (speed_without_gpu: efficiency). On the GPU backend the same case is graded from the counts of the
// simulator that runs beside the GPU grade (pipeline/race_check.h), so its points never depend on the backend.
#include <fmt/format.h>

#include "check/efficiency.h"
#include "check/modelled_time.h"
#include "pipeline/grader.h"
#include "score/scoring.h"

namespace cudagrade {
namespace {

EfficiencyResult blank_efficiency(const EfficiencyRule& rule, const TestCase& test_case) {
  EfficiencyResult efficiency;
  efficiency.metric = rule.metric;
  efficiency.full = rule.full;
  efficiency.zero = rule.zero;
  efficiency.grades_speed = test_case.kind != CaseKind::kEfficiency;
  efficiency.max_points = efficiency.grades_speed ? test_case.speed->points : test_case.points;
  efficiency.size = test_case.size;
  return efficiency;
}

// The modelled time's figure (check/modelled_time.h): the launches' counts at the counted size, the case's
// work there and at its own size.
EfficiencyFigure modelled_time_figure(const CountedLaunches& launches, const DramTraffic& traffic,
                                      const WorkCount& counted_work, const WorkCount& gpu_work) {
  if (launches.shapes.empty()) return {std::nullopt, "the call launched no kernel"};
  const ModelledTime time = modelled_time(launches, traffic.read_bytes + traffic.write_bytes, counted_work, gpu_work,
                                          GpuModel::of(DeviceProfile{}));
  if (time.least_s <= 0) return {std::nullopt, "the lab names no work for this size"};
  return {time.call_s / time.least_s, ""};
}

// The figure from a counted reply, or why there is none.
EfficiencyFigure figure_of(const EfficiencyRule& rule, const RunnerReply& reply, const WorkCount& counted_work,
                           const WorkCount& gpu_work) {
  const auto profile = reply.fields.find("profile");
  const auto dram = reply.fields.find("dram");
  const auto kernels = reply.fields.find("kernels");
  if (profile == reply.fields.end() || dram == reply.fields.end() || kernels == reply.fields.end()) {
    return {std::nullopt, "the simulator's reply held no counts"};
  }
  const std::optional<std::vector<AccessCount>> counts = parse_access_counts(profile->second);
  const std::optional<DramTraffic> traffic = parse_dram_traffic(dram->second);
  const std::optional<CountedLaunches> launches = parse_counted_launches(kernels->second);
  if (!counts || !traffic || !launches) return {std::nullopt, "the simulator's counts could not be read"};
  // A block past the simulator's count of accesses leaves every total short, so no figure stands on them.
  if (!launches->complete) {
    return {std::nullopt, fmt::format("a block made more than {} memory accesses, more than the simulator counts",
                                      kMostCountedAccessesPerBlock)};
  }
  if (rule.metric == EfficiencyMetric::kModelledTimeRatio) {
    return modelled_time_figure(*launches, *traffic, counted_work, gpu_work);
  }
  return efficiency_figure(rule.metric, *counts, *launches, *traffic, counted_work.bytes);
}

}  // namespace

RunnerReply Grader::check_counted(RunnerSession& session, Arena& arena, const TestCase& test_case,
                                  const EfficiencyRule& rule) {
  return session.check_counted(arena, deadline_after(test_case.timeout_s),
                               modelled_cache_bytes(rule, lab_.work(test_case).bytes));
}

void Grader::grade_efficiency(const EfficiencyRule& rule, const TestCase& listed_case, const TestCase& test_case,
                              const RunnerReply* counted, CaseResult& result) {
  EfficiencyResult efficiency = blank_efficiency(rule, test_case);
  if (!efficiency.grades_speed) result.points = 0;  // a kind efficiency case's points are the rule's
  if (!backend_.simulated()) {
    efficiency.note = kAwaitingSimulatorCount;
    result.efficiency = efficiency;
    return;
  }
  if (result.status != CaseStatus::kPassed || counted == nullptr) {
    efficiency.note = "no efficiency points: the outputs must be right first";
    result.efficiency = efficiency;
    return;
  }
  const EfficiencyFigure figure = figure_of(rule, *counted, lab_.work(test_case), lab_.work(listed_case));
  efficiency.counted_by = "simulator";
  if (!figure.value) {
    efficiency.note = "no efficiency points: " + figure.why;
  } else {
    efficiency.value = graded_figure(*figure.value);
    efficiency.points = efficiency_points(rule, efficiency.max_points, *figure.value);
  }
  result.points += efficiency.points;
  result.efficiency = efficiency;
}

}  // namespace cudagrade
