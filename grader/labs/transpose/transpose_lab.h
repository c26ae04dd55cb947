// The transpose lab: out = in^T, in of rows x cols and out of cols x rows, both row-major float32. The
// lectures' coalescing and bank-conflict lesson as an assignment: the answer is trivial, its speed is not.
#pragma once

#include "model/lab.h"

namespace cudagrade {

class TransposeLab : public Lab {
 public:
  std::string name() const override { return "transpose"; }
  std::string title() const override { return "matrix transpose, out = in^T (float32, row-major)"; }
  std::string submission_file() const override { return "transpose.cu"; }
  std::vector<std::string> size_fields() const override { return {"rows", "cols"}; }
  std::vector<int64_t> example_size() const override { return {33, 65}; }
  std::optional<std::string> size_problem(const std::vector<int64_t>& size) const override;
  std::vector<int64_t> simulator_size(const std::vector<int64_t>& size) const override;
  std::vector<Distribution> distributions() const override;
  // A transpose moves bits: anything but the exact word is wrong.
  Tolerance default_tolerance(Distribution) const override { return {0, 0}; }
  std::string default_speed_reference() const override { return "copy"; }
  std::vector<std::string> speed_of_light_references() const override { return {"copy"}; }
  std::vector<Baseline> baselines() const override;

  Workload make_workload(const TestCase& test_case, int set_index) const override;
  CheckOutcome check(const TestCase& test_case, const Workload& sent, const ReturnedSet& returned) const override;
  WorkCount work(const TestCase& test_case) const override;
  void dump(const Workload& sent, const ReturnedSet& returned, const std::filesystem::path& dir) const override;
};

}  // namespace cudagrade
