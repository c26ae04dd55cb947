// The inputs Grader runs a case on (pipeline/grader.h): generated once per case and shared by every run on
// them, and one measurement (in the simulator, one counted run) for cases that repeat the same inputs.
#include <fmt/format.h>

#include "check/efficiency.h"
#include "core/phase_clock.h"
#include "pipeline/grader.h"
#include "report/report_text.h"

namespace cudagrade {

std::string Grader::measurement_key(const TestCase& test_case) {
  return fmt::format("{}|{}|{}|{:a}|{:a}", size_text(test_case.size), test_case.seed,
                     to_string(test_case.distribution), test_case.tolerance.abs, test_case.tolerance.rel);
}

std::span<const Workload> Grader::input_sets(const TestCase& test_case, size_t count) {
  const std::string key = measurement_key(test_case);
  if (inputs_.key != key) {
    inputs_.key = key;
    inputs_.sets.clear();
    inputs_.sets.shrink_to_fit();  // the last case's hundreds of MiB go before the next case's are made
    inputs_.sets.reserve(std::max<size_t>(count, static_cast<size_t>(std::max(1, options_.timing.sets))));
  }
  if (inputs_.sets.size() < count) {
    ScopedPhase phase("generate inputs");
    if (count > inputs_.sets.capacity()) throw std::logic_error("more input sets than the timing policy reserves");
    while (inputs_.sets.size() < count) {
      inputs_.sets.push_back(lab_.make_workload(test_case, static_cast<int>(inputs_.sets.size())));
    }
  }
  return std::span<const Workload>(inputs_.sets.data(), count);
}

std::string Grader::run_key(const TestCase& test_case) {
  return fmt::format("{}|{:a}|{}", measurement_key(test_case), test_case.timeout_s, test_case.timeout_given);
}

Grader::Measured* Grader::measured_before(const TestCase& test_case) {
  auto found = measured_.find(run_key(test_case));
  return found == measured_.end() ? nullptr : &found->second;
}

// An infrastructure error is not the student's answer: the next case with these inputs runs again.
void Grader::remember_measured(const TestCase& test_case, const CaseResult& result) {
  if (result.status == CaseStatus::kInfraError) return;
  measured_.try_emplace(run_key(test_case), Measured{test_case.name, result, std::nullopt});
}

std::string Grader::counted_key(const TestCase& test_case, const EfficiencyRule& rule) const {
  return fmt::format("{}|{}", run_key(test_case), modelled_cache_bytes(rule, lab_.work(test_case).bytes));
}

const Grader::Counted* Grader::counted_before(const TestCase& test_case, const EfficiencyRule& rule) const {
  auto found = counted_.find(counted_key(test_case, rule));
  return found == counted_.end() ? nullptr : &found->second;
}

void Grader::remember_counted(const TestCase& test_case, const EfficiencyRule& rule, const CaseResult& result,
                              const std::optional<RunnerReply>& counted_reply) {
  if (result.status == CaseStatus::kInfraError) return;
  counted_.try_emplace(counted_key(test_case, rule), Counted{test_case.name, result, counted_reply});
}

}  // namespace cudagrade
