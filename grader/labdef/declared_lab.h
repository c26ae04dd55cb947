// A lab read from its declaration (labs/<lab>/lab.yaml): every question the pipeline asks a lab, answered
// from the declared data and the lab's CPU reference, with no code of the lab's in the grader.
#pragma once

#include <functional>
#include <memory>
#include <mutex>

#include "labdef/cpu_reference.h"
#include "labdef/declaration.h"
#include "labdef/output_check.h"
#include "model/lab.h"

struct cudagrade_array;

namespace cudagrade {

class DeclaredLab : public Lab {
 public:
  // Builds the CPU reference on first use; returns it or throws std::runtime_error with the build's words.
  using ReferenceBuilder = std::function<std::shared_ptr<const CpuReference>()>;

  DeclaredLab(LabDeclaration declaration, std::string folder_from_root, ReferenceBuilder build_reference);

  std::string name() const override { return declaration_.name; }
  std::string title() const override { return declaration_.title; }
  std::string submission_file() const override { return declaration_.submission_file; }
  std::vector<std::string> size_fields() const override;
  std::vector<int64_t> example_size() const override;
  std::optional<std::string> size_problem(const std::vector<int64_t>& size) const override;
  std::vector<int64_t> simulator_size(const std::vector<int64_t>& size) const override;
  std::vector<int64_t> recount_size(const std::vector<int64_t>& size,
                                    const std::function<double()>& draw_factor) const override;
  std::vector<Distribution> distributions() const override;
  Tolerance default_tolerance(Distribution distribution) const override;
  std::string default_speed_reference() const override { return declaration_.speed_reference; }
  std::vector<Baseline> baselines() const override;
  std::vector<std::string> speed_of_light_references() const override { return declaration_.speed_of_light; }
  std::string entry_source(const std::filesystem::path& grader_dir) const override;

  Workload make_workload(const TestCase& test_case, int set_index) const override;
  CheckOutcome check(const TestCase& test_case, const Workload& sent, const ReturnedSet& returned) const override;
  void prepare_check(const TestCase& test_case, const Workload& sent) const override;
  WorkCount work(const TestCase& test_case) const override;
  void dump(const Workload& sent, const ReturnedSet& returned, const std::filesystem::path& dir) const override;

  const LabDeclaration& declaration() const { return declaration_; }
  // The pointer parameters, in the order of a Workload's buffers: buffer i is buffer_parameters()[i].
  const std::vector<const Parameter*>& buffer_parameters() const { return buffer_parameters_; }
  // The reference's values for `rows` of buffer `output`: as doubles, or as the output's own elements (an exact
  // check's, compared bit for bit).
  ExpectedOutput expected_rows(const Workload& sent, size_t output, const std::vector<int64_t>& rows,
                               bool as_elements = false) const;
  // The same for every row of the output, as doubles: for dumps and lab check's right answer.
  ExpectedOutput expected_everywhere(const Workload& sent, size_t output) const;

 private:
  SizeValues bind(const std::vector<int64_t>& size) const;
  std::vector<cudagrade_array> reference_arrays(const Workload& sent, size_t output, int32_t& output_index) const;
  int64_t evaluate(const Expression& expression, const SizeValues& sizes) const;
  std::vector<int64_t> rows_to_check(const Parameter& output, const SizeValues& sizes, int64_t rows) const;
  const CpuReference& reference() const;
  Generator generator_for(const Generator& declared, const SizeValues& sizes) const;
  const std::vector<ExpectedOutput>& expected_outputs(const TestCase& test_case, const Workload& sent) const;

  LabDeclaration declaration_;
  std::vector<const Parameter*> buffer_parameters_;  // into declaration_, which never changes
  std::string folder_from_root_;  // "labs/<name>", where baselines are found
  ReferenceBuilder build_reference_;
  mutable std::once_flag built_;
  mutable std::shared_ptr<const CpuReference> reference_;
};

}  // namespace cudagrade
