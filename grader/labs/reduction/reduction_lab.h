// The reduction lab: out[0] = sum of in[0..n), int32 with wraparound, scratch of n ints free to use.
#pragma once

#include "model/lab.h"

namespace cudagrade {

class ReductionLab : public Lab {
 public:
  std::string name() const override { return "reduction"; }
  std::string title() const override { return "parallel sum, out[0] = sum of in[0..n) (int32)"; }
  std::string submission_file() const override { return "reduction.cu"; }
  std::vector<std::string> size_fields() const override { return {"n"}; }
  std::vector<int64_t> example_size() const override { return {1000}; }
  std::optional<std::string> size_problem(const std::vector<int64_t>& size) const override;
  std::vector<int64_t> simulator_size(const std::vector<int64_t>& size) const override;
  std::vector<Distribution> distributions() const override { return {Distribution::kSmallIntegers}; }
  Tolerance default_tolerance(Distribution) const override { return {0, 0}; }
  std::string default_speed_reference() const override { return "reduce3"; }
  std::vector<Baseline> baselines() const override;

  Workload make_workload(const TestCase& test_case, int set_index) const override;
  CheckOutcome check(const TestCase& test_case, const Workload& sent, const ReturnedSet& returned) const override;
  WorkCount work(const TestCase& test_case) const override;
  void dump(const Workload& sent, const ReturnedSet& returned, const std::filesystem::path& dir) const override;
};

// The int32 sum with two's-complement wraparound: what any order of 32-bit adds on the GPU produces.
int32_t wrapped_sum(std::span<const uint32_t> words);

}  // namespace cudagrade
