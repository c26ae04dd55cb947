// Efficiency rules (model/efficiency.h): the simulator counts a case's accesses in every block, with the
// modelled cache, and its figure grades the case's points (kind efficiency) or its speed points where no GPU
// timed it (speed_without_gpu: efficiency). On the GPU backend the same case is graded from the counts of the
// simulator that runs beside the GPU grade (pipeline/race_check.h), so its points never depend on the backend.
#include <fmt/format.h>

#include <algorithm>
#include <random>

#include "check/efficiency.h"
#include "check/modelled_time.h"
#include "check/size_behaviour.h"
#include "core/phase_clock.h"
#include "pipeline/grader.h"
#include "report/report_text.h"
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

// A counted reply's fields that check/size_behaviour.h compares.
CountedCall counted_call(const RunnerReply& reply) {
  CountedCall call;
  if (auto launches = reply.fields.find("launches"); launches != reply.fields.end()) call.launches = launches->second;
  if (auto kernels = reply.fields.find("kernels"); kernels != reply.fields.end()) call.kernels = kernels->second;
  return call;
}

}  // namespace

RunnerReply Grader::check_counted(RunnerSession& session, Arena& arena, const TestCase& test_case,
                                  const EfficiencyRule& rule) {
  return session.check_counted(arena, deadline_after(test_case.timeout_s),
                               modelled_cache_bytes(rule, lab_.work(test_case).bytes));
}

std::vector<int64_t> Grader::recount_size(const std::vector<int64_t>& size) {
  auto found = recount_sizes_.find(size);
  if (found != recount_sizes_.end()) return found->second;
  std::function<double()> draw = options_.recount_factor;
  if (!draw) {
    draw = [] {
      std::random_device entropy;
      const double unit = static_cast<double>(entropy()) / 4294967296.0;  // [0, 1): random_device gives 32 bits
      return kLeastRecountFactor + (kMostRecountFactor - kLeastRecountFactor) * unit;
    };
  }
  std::vector<int64_t> recounted = lab_.recount_size(size, draw);
  if (lab_.size_problem(recounted)) recounted = size;  // a lab's constraint the draw broke: counted once
  return recount_sizes_.emplace(size, std::move(recounted)).first->second;
}

std::optional<Grader::Recounted> Grader::recount(const TestCase& test_case, const EfficiencyRule& rule,
                                                 const CaseOptions& options) {
  TestCase smaller = test_case;
  smaller.size = recount_size(test_case.size);
  if (smaller.size == test_case.size) return std::nullopt;
  if (const Counted* earlier = counted_before(smaller, rule)) return Recounted{smaller.size, earlier};
  ScopedPhase phase("student's runner: count the case again at a size drawn for this grade");
  CaseResult checked;
  checked.name = smaller.name;
  checked.size = smaller.size;
  std::optional<RunnerReply> reply;
  run_and_check(smaller, options, &rule, reply, checked, Orders::kFirstOnly);
  if (checked.status == CaseStatus::kInfraError) return std::nullopt;
  remember_counted(smaller, rule, checked, reply);
  return Recounted{smaller.size, counted_before(smaller, rule)};
}

void Grader::grade_efficiency(const EfficiencyRule& rule, const TestCase& listed_case, const TestCase& test_case,
                              const RunnerReply* counted, const Recounted* recounted, CaseResult& result) {
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
  } else if (recounted == nullptr) {
    efficiency.value = graded_figure(*figure.value);
    efficiency.points = efficiency_points(rule, efficiency.max_points, *figure.value);
  } else {
    grade_with_recount(rule, listed_case, test_case, *counted, *figure.value, *recounted, efficiency);
  }
  result.points += efficiency.points;
  result.efficiency = efficiency;
}

// The reference `name`'s figure on `counted_case` by the rule (memoised per grade), or nullopt where it gave none.
std::optional<double> Grader::reference_figure(const std::string& name, const EfficiencyRule& rule,
                                               const TestCase& listed_case, const TestCase& counted_case) {
  const std::string key = name + "|" + counted_key(counted_case, rule);
  if (auto found = reference_figures_.find(key); found != reference_figures_.end()) return found->second;
  ScopedPhase phase("reference: count it where the student's file was counted again");
  std::string problem;
  RunnerSlot* slot = reference_runner(name, problem);
  RunnerReply failure;
  RunnerSession* session = slot != nullptr ? slot->session(failure) : nullptr;
  std::optional<double> figure;
  if (session != nullptr) {
    std::unique_ptr<Arena> arena = make_arena(trusted_arenas_, input_sets(counted_case, 1));
    const RunnerReply reply = check_counted(*session, *arena, counted_case, rule);
    if (reply.outcome == RunnerReply::Outcome::kOk) {
      figure = figure_of(rule, reply, lab_.work(counted_case), lab_.work(listed_case)).value;
    }
  }
  return reference_figures_.emplace(key, figure).first->second;
}

// The second count's figure carried to the first count's size as each of the lab's references' figures changes
// between the two sizes, the worst of them: the file ran other code at the second size, and a metric can move
// unlike the tiled reference's for it (a naive matmul's DRAM ratio falls faster with the size). Each reference
// is counted at both sizes once per grade, only here.
double Grader::most_carried(const EfficiencyRule& rule, const TestCase& listed_case, const TestCase& first_case,
                            const TestCase& second_case, double second_figure) {
  double most = second_figure;
  for (const std::string& name : solution_references()) {
    const std::optional<double> first = reference_figure(name, rule, listed_case, first_case);
    const std::optional<double> second = reference_figure(name, rule, listed_case, second_case);
    if (first && second && *first > 0 && *second > 0) most = std::max(most, second_figure * *first / *second);
  }
  return most;
}

// The first count's figure grades the case unless the second, at a size the file could not know, shows other
// code (check/size_behaviour.h): then the worst of the first figure, the second, and the second carried to the
// first's size (most_carried) grades it. Figures alone are no evidence: an honest kernel's DRAM ratio moves by
// half between two shapes. A second run that was not right earns nothing.
void Grader::grade_with_recount(const EfficiencyRule& rule, const TestCase& listed_case, const TestCase& test_case,
                                const RunnerReply& first, double first_figure, const Recounted& recounted,
                                EfficiencyResult& efficiency) {
  efficiency.value = graded_figure(first_figure);
  efficiency.points = efficiency_points(rule, efficiency.max_points, first_figure);
  efficiency.recount_size = recounted.size;
  const Counted& again = *recounted.counted;
  const std::string where = fmt::format("counted again at {}, a size drawn for this grade", size_text(recounted.size));
  if (again.checked.status != CaseStatus::kPassed || !again.reply) {
    efficiency.points = 0;
    efficiency.note = fmt::format("no efficiency points: {}, its answer was {}: {}", where,
                                  to_string(again.checked.status), again.checked.message);
    return;
  }
  TestCase smaller = test_case;
  smaller.size = recounted.size;
  const EfficiencyFigure second = figure_of(rule, *again.reply, lab_.work(smaller), lab_.work(listed_case));
  if (!second.value) {
    efficiency.points = 0;
    efficiency.note = fmt::format("no efficiency points: {}, {}", where, second.why);
    return;
  }
  efficiency.recount_value = graded_figure(*second.value);
  const std::string other_code = code_difference(counted_call(first), counted_call(*again.reply));
  if (other_code.empty()) return;
  const double graded = std::max({first_figure, *second.value, most_carried(rule, listed_case, test_case, smaller,
                                                                            *second.value)});
  efficiency.points = efficiency_points(rule, efficiency.max_points, graded);
  efficiency.note = fmt::format("graded as {:.2f}, the worst of the counts at both sizes (the second also carried "
                                "to the listed size as each reference's figure changes): {}, {}; a file efficient "
                                "only at the sizes it is counted at is not efficient",
                                graded_figure(graded), where, other_code);
}

}  // namespace cudagrade
