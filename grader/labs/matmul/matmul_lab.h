// The matmul lab: C = A x B, A of M x K, B of K x N, C of M x N, all row-major float32.
#pragma once

#include "model/lab.h"

namespace cudagrade {

class MatmulLab : public Lab {
 public:
  std::string name() const override { return "matmul"; }
  std::string title() const override { return "tiled matrix multiply, C = A x B (float32, row-major)"; }
  std::string submission_file() const override { return "matmul.cu"; }
  std::vector<std::string> size_fields() const override { return {"M", "K", "N"}; }
  std::vector<int64_t> example_size() const override { return {16, 13, 7}; }
  std::optional<std::string> size_problem(const std::vector<int64_t>& size) const override;
  std::vector<int64_t> simulator_size(const std::vector<int64_t>& size) const override;
  std::vector<Distribution> distributions() const override;
  Tolerance default_tolerance(Distribution distribution) const override;
  std::string default_speed_reference() const override { return "tiled_boundary"; }
  std::vector<Baseline> baselines() const override;

  Workload make_workload(const TestCase& test_case, int set_index) const override;
  CheckOutcome check(const TestCase& test_case, const Workload& sent, const ReturnedSet& returned) const override;
  void prepare_check(const TestCase& test_case, const Workload& sent) const override;
  WorkCount work(const TestCase& test_case) const override;
  void dump(const Workload& sent, const ReturnedSet& returned, const std::filesystem::path& dir) const override;
};

}  // namespace cudagrade
