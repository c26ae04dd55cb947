// Efficiency rules (model/efficiency.h): the simulator counts a case's accesses in every block, with the
// modelled cache, and its figure grades the case's points (kind efficiency) or its speed points where no GPU
// timed it (speed_without_gpu: efficiency). On the GPU backend the same case is graded from the counts of the
// simulator that runs beside the GPU grade (pipeline/race_check.h), so its points never depend on the backend.
#include <fmt/format.h>

#include "check/efficiency.h"
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

// The figure from a counted reply, or why there is none.
EfficiencyFigure figure_of(const EfficiencyRule& rule, const RunnerReply& reply, double minimum_bytes) {
  const auto profile = reply.fields.find("profile");
  const auto dram = reply.fields.find("dram");
  if (profile == reply.fields.end() || dram == reply.fields.end()) {
    return {std::nullopt, "the simulator's reply held no counts"};
  }
  const std::optional<std::vector<AccessCount>> counts = parse_access_counts(profile->second);
  const std::optional<DramTraffic> traffic = parse_dram_traffic(dram->second);
  if (!counts || !traffic) return {std::nullopt, "the simulator's counts could not be read"};
  return efficiency_figure(rule.metric, *counts, *traffic, minimum_bytes);
}

}  // namespace

RunnerReply Grader::check_counted(RunnerSession& session, Arena& arena, const TestCase& test_case,
                                  const EfficiencyRule& rule) {
  return session.check_counted(arena, deadline_after(test_case.timeout_s),
                               modelled_cache_bytes(rule, lab_.work(test_case).bytes));
}

void Grader::grade_efficiency(const EfficiencyRule& rule, const TestCase& test_case, const RunnerReply* counted,
                              CaseResult& result) {
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
  const EfficiencyFigure figure = figure_of(rule, *counted, lab_.work(test_case).bytes);
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
