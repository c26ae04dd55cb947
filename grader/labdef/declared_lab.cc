#include "labdef/declared_lab.h"

#include <fmt/format.h>

#include <algorithm>
#include <climits>
#include <cmath>
#include <fstream>
#include <numeric>
#include <stdexcept>
#include <thread>

#include "core/parallel.h"
#include "core/random.h"
#include "labdef/generated_entry.h"
#include "labdef/input_generator.h"
#include "model/downsize.h"
#include "model/workload.h"
#include "cudagrade/reference.h"

namespace cudagrade {
namespace {

BufferRole buffer_role(ParameterRole role) {
  switch (role) {
    case ParameterRole::kInput: return BufferRole::kInput;
    case ParameterRole::kOutput: return BufferRole::kOutput;
    case ParameterRole::kInOut: return BufferRole::kInOut;
    case ParameterRole::kScratch: return BufferRole::kScratch;
  }
  return BufferRole::kInput;
}

// What a sparse matrix's generators need of a case's sizes: offsets with at least one row and room for nnz
// entries; column indices exactly as many as the offsets' nnz.
std::optional<std::string> sparse_size_problem(const std::vector<Parameter>& parameters, const Parameter& parameter,
                                               const Generator& generator, int64_t length, const SizeValues& sizes) {
  if (generator.kind == Generator::Kind::kCsrOffsets) {
    const int64_t rows = length - 1;
    if (rows < 1)
      return fmt::format("{} holds row offsets, so its length must be at least 2 (rows + 1)", parameter.name);
    if (generator.cols < 1) return fmt::format("the sparse matrix of {} needs at least one column", parameter.name);
    if (generator.nnz < 0 || generator.nnz > rows * generator.cols) {
      return fmt::format("the sparse matrix of {} cannot hold {} entries in {} x {}", parameter.name, generator.nnz,
                         rows, generator.cols);
    }
  }
  if (generator.kind == Generator::Kind::kCsrColumns) {
    for (const Parameter& offsets : parameters) {
      if (offsets.name != generator.offsets || !offsets.generator.nnz_expression) continue;
      const Evaluation nnz = offsets.generator.nnz_expression->evaluate(sizes);
      if (nnz.value && *nnz.value != length) {
        return fmt::format("{} holds the column indices of {}'s {} entries, but its length is {}", parameter.name,
                           offsets.name, *nnz.value, length);
      }
    }
  }
  return std::nullopt;
}

}  // namespace

// Every parameter as the reference sees it, in the prototype's order; `output_index` is set to the position of
// buffer `output` among them.
std::vector<cudagrade_array> DeclaredLab::reference_arrays(const Workload& sent, size_t output, int32_t& output_index) const {
  std::vector<cudagrade_array> arrays;
  size_t buffer_index = 0;
  for (const Parameter& each : declaration_.parameters) {
    if (!each.is_pointer) {
      arrays.push_back({nullptr, 0, 1, 1});
      continue;
    }
    const HostBuffer& data = sent.buffers[buffer_index];
    if (buffer_index == output) output_index = static_cast<int32_t>(arrays.size());
    arrays.push_back(
        {data.bytes.empty() ? nullptr : data.bytes.data(), static_cast<int64_t>(data.count), data.rows, data.cols});
    ++buffer_index;
  }
  return arrays;
}

DeclaredLab::DeclaredLab(LabDeclaration declaration, std::string folder_from_root, ReferenceBuilder build_reference)
    : declaration_(std::move(declaration)),
      folder_from_root_(std::move(folder_from_root)),
      build_reference_(std::move(build_reference)) {
  for (const Parameter& parameter : declaration_.parameters) {
    if (parameter.is_pointer) buffer_parameters_.push_back(&parameter);
  }
}

std::vector<std::string> DeclaredLab::size_fields() const {
  std::vector<std::string> names;
  for (const SizeField& field : declaration_.sizes) names.push_back(field.name);
  return names;
}

std::vector<int64_t> DeclaredLab::example_size() const {
  std::vector<int64_t> sizes;
  for (const SizeField& field : declaration_.sizes) sizes.push_back(field.example);
  return sizes;
}

SizeValues DeclaredLab::bind(const std::vector<int64_t>& size) const {
  SizeValues values;
  for (size_t i = 0; i < declaration_.sizes.size() && i < size.size(); ++i) values[declaration_.sizes[i].name] = size[i];
  return values;
}

// Expressions were checked by size_problem() before any case reaches here, so a failure is the grader's.
int64_t DeclaredLab::evaluate(const Expression& expression, const SizeValues& sizes) const {
  const Evaluation evaluation = expression.evaluate(sizes);
  if (!evaluation.value) throw std::runtime_error(fmt::format("{}: {}", declaration_.file, evaluation.problem));
  return *evaluation.value;
}

// The lab's own constraints first, in its words; then what the interface needs of every size and length.
std::optional<std::string> DeclaredLab::size_problem(const std::vector<int64_t>& size) const {
  const SizeValues sizes = bind(size);
  for (const Constraint& constraint : declaration_.constraints) {
    const Evaluation evaluation = constraint.condition.evaluate(sizes);
    if (!evaluation.value) return evaluation.problem;
    if (*evaluation.value == 0) return constraint.message;
  }
  for (const SizeField& field : declaration_.sizes) {
    if (sizes.at(field.name) < 0) return fmt::format("{} must not be negative", field.name);
    if (sizes.at(field.name) > INT_MAX) return fmt::format("{} must fit in an int (below 2^31)", field.name);
  }
  for (const Parameter& parameter : declaration_.parameters) {
    if (!parameter.is_pointer) continue;
    const Evaluation length = parameter.length->evaluate(sizes);
    if (!length.value) return fmt::format("the length of {}: {}", parameter.name, length.problem);
    if (*length.value < 0) return fmt::format("{} would have {} elements", parameter.name, *length.value);
    if (*length.value > INT_MAX) {
      return fmt::format("{} would have {} elements: fewer than 2^31 are allowed, since the interface indexes with int",
                         parameter.name, *length.value);
    }
    for (const std::optional<Expression>* bound :
         {&parameter.generator.low_expression, &parameter.generator.high_expression,
          &parameter.generator.bins_expression, &parameter.generator.nnz_expression,
          &parameter.generator.cols_expression, &parameter.generator.long_row_expression}) {
      if (!*bound) continue;
      const Evaluation value = (*bound)->evaluate(sizes);
      if (!value.value) return fmt::format("the generator of {}: {}", parameter.name, value.problem);
    }
    const Generator generator = generator_for(parameter.generator, sizes);
    if (generator.low > generator.high || (generator.kind == Generator::Kind::kSkewed && generator.bins < 1)) {
      return fmt::format("the generator of {} has no values to draw at these sizes", parameter.name);
    }
    if (std::optional<std::string> problem =
            sparse_size_problem(declaration_.parameters, parameter, generator, *length.value, sizes)) {
      return problem;
    }
    for (const std::optional<Expression>* side : {&parameter.rows, &parameter.cols}) {
      if (!*side) continue;
      const Evaluation value = (*side)->evaluate(sizes);
      if (!value.value) return fmt::format("the shape of {}: {}", parameter.name, value.problem);
    }
  }
  return std::nullopt;
}

std::vector<int64_t> DeclaredLab::simulator_size(const std::vector<int64_t>& size) const {
  const SimulatorDownsize& downsize = declaration_.simulator;
  if (downsize.when) {
    const SizeValues sizes = bind(size);
    if (evaluate(*downsize.when, sizes) == 0) return size;
    std::vector<int64_t> smaller = size;
    for (const auto& [field, value] : downsize.sizes) {
      for (size_t i = 0; i < declaration_.sizes.size(); ++i) {
        if (declaration_.sizes[i].name == field) smaller[i] = evaluate(value, sizes);
      }
    }
    return smaller;
  }
  if (!downsize.work || downsize.scale.empty()) return size;
  const double work = static_cast<double>(evaluate(*downsize.work, bind(size)));
  if (work <= static_cast<double>(downsize.budget)) return size;
  const double factor = std::pow(static_cast<double>(downsize.budget) / work, 1.0 / static_cast<double>(downsize.degree));
  std::vector<int64_t> smaller = size;
  for (size_t i = 0; i < declaration_.sizes.size(); ++i) {
    const std::vector<std::string>& scaled = downsize.scale;
    if (std::find(scaled.begin(), scaled.end(), declaration_.sizes[i].name) == scaled.end()) continue;
    smaller[i] = scale_sides_keeping_remainder({size[i]}, factor, downsize.keep_remainder).front();
  }
  return smaller;
}

std::vector<int64_t> DeclaredLab::recount_size(const std::vector<int64_t>& size,
                                               const std::function<double()>& draw_factor) const {
  if (!declaration_.recount) return size;
  std::vector<int64_t> smaller = size;
  for (size_t i = 0; i < declaration_.sizes.size() && i < size.size(); ++i) {
    const std::vector<std::string>& scaled = declaration_.recount->scale;
    if (std::find(scaled.begin(), scaled.end(), declaration_.sizes[i].name) == scaled.end()) continue;
    const int64_t step = declaration_.recount->keep_remainder;
    const double factor = draw_factor();
    if (size[i] < 2 * step) continue;  // no whole step to shrink by: the side is counted as it is
    smaller[i] = scale_sides_keeping_remainder({size[i]}, factor, step).front();
  }
  return smaller;
}

std::vector<Distribution> DeclaredLab::distributions() const {
  std::vector<Distribution> result;
  for (const std::string& name : declaration_.distributions) {
    if (const std::optional<Distribution> distribution = distribution_from_string(name)) result.push_back(*distribution);
  }
  return result;
}

// The first close check's bounds; a case's `tolerance:` replaces them for every close output.
Tolerance DeclaredLab::default_tolerance(Distribution distribution) const {
  for (const Parameter& parameter : declaration_.parameters) {
    if (is_written(parameter.role) && parameter.check.kind == OutputCheck::Kind::kClose) {
      const auto& exact = parameter.check.small_integers;
      if (exact && distribution == Distribution::kSmallIntegers) return {exact->first, exact->second};
      return {parameter.check.abs, parameter.check.rel};
    }
  }
  return {0, 0};
}

std::vector<Baseline> DeclaredLab::baselines() const {
  std::vector<Baseline> result;
  for (const BaselineDeclaration& baseline : declaration_.baselines) {
    result.push_back({baseline.name, folder_from_root_ + "/" + baseline.source, baseline.libraries});
  }
  return result;
}

std::string DeclaredLab::entry_source(const std::filesystem::path&) const {
  return generated_entry(declaration_);
}

// The generator with its bounds at this case's sizes.
Generator DeclaredLab::generator_for(const Generator& declared, const SizeValues& sizes) const {
  Generator generator = declared;
  if (declared.low_expression) generator.low = static_cast<double>(evaluate(*declared.low_expression, sizes));
  if (declared.high_expression) generator.high = static_cast<double>(evaluate(*declared.high_expression, sizes));
  if (declared.bins_expression) generator.bins = evaluate(*declared.bins_expression, sizes);
  if (declared.nnz_expression) generator.nnz = evaluate(*declared.nnz_expression, sizes);
  if (declared.cols_expression) generator.cols = evaluate(*declared.cols_expression, sizes);
  if (declared.long_row_expression) generator.long_row = evaluate(*declared.long_row_expression, sizes);
  return generator;
}

Workload DeclaredLab::make_workload(const TestCase& test_case, int set_index) const {
  const SizeValues sizes = bind(test_case.size);
  SplitMix64 random(set_seed(test_case.seed, set_index));
  Workload workload;
  workload.dims = test_case.size;
  for (const Parameter* each : buffer_parameters_) {
    const Parameter& parameter = *each;
    const int64_t length = evaluate(*parameter.length, sizes);
    HostBuffer buffer{parameter.name, buffer_role(parameter.role), element_type_of(parameter.type), 1, length,
                      static_cast<size_t>(length), {}};
    if (parameter.rows && parameter.cols) {
      buffer.rows = evaluate(*parameter.rows, sizes);
      buffer.cols = evaluate(*parameter.cols, sizes);
    }
    if (parameter.role == ParameterRole::kInput || parameter.role == ParameterRole::kInOut) {
      buffer.bytes.resize(buffer.data_bytes());
      buffer.mixable = draws_each_element_alone(parameter.generator.kind);
      generate_input(generator_for(parameter.generator, sizes), parameter.type, test_case.distribution,
                     declaration_.folder, workload.buffers, random, buffer);
    }
    workload.buffers.push_back(std::move(buffer));
  }
  return workload;
}

const CpuReference& DeclaredLab::reference() const {
  std::call_once(built_, [this] { reference_ = build_reference_(); });
  return *reference_;
}

WorkCount DeclaredLab::work(const TestCase& test_case) const {
  const SizeValues sizes = bind(test_case.size);
  WorkCount count;
  if (declaration_.flops) count.flops = static_cast<double>(evaluate(*declaration_.flops, sizes));
  if (declaration_.bytes) count.bytes = static_cast<double>(evaluate(*declaration_.bytes, sizes));
  return count;
}

}  // namespace cudagrade
