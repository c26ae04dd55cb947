// DeclaredLab's check: the CPU reference's values for the rows of each output that are checked (every row, or
// matmul's sample of edges and spread), computed once per input set on all cores and kept with it, and the
// student's outputs judged against them by the declared checks (output_check.h).
#include <fmt/format.h>

#include <algorithm>
#include <atomic>
#include <numeric>
#include <stdexcept>
#include <thread>

#include "core/parallel.h"
#include "cudagrade/reference.h"
#include "labdef/declared_lab.h"
#include "model/workload.h"

namespace cudagrade {
namespace {

// What the reference computed for one input set, kept with the set (model/workload.h's ExpectedCache).
struct DeclaredExpected : ExpectedValues {
  std::vector<ExpectedOutput> outputs;  // by buffer index; empty for buffers that are not checked
};

// A call computes a block of 8 to 64 rows (which share one pass over the inputs a row reads, as matmul's B)
// by at most 1024 columns (whose values stay in cache across the block): blocks enough for every core, each
// small enough that its values stay in cache until they are kept.
constexpr int64_t kColumnsPerCall = 1024;
int64_t chunk_rows(int64_t rows) {
  return std::clamp<int64_t>(rows / (usable_cores() * 4), 8, 64);
}

}  // namespace

// matmul's sampling: every row while the work is small, else both edges (where boundary bugs live) and an
// even spread between, whose odd stride visits every residue of a tile.
std::vector<int64_t> DeclaredLab::rows_to_check(const Parameter& output, const SizeValues& sizes, int64_t rows) const {
  std::vector<int64_t> chosen;
  const std::optional<RowSampling>& sampling = output.sampling;
  if (!sampling || evaluate(*sampling->work, sizes) <= sampling->full_work || rows <= sampling->edge_rows + sampling->spread_rows) {
    chosen.resize(static_cast<size_t>(rows));
    std::iota(chosen.begin(), chosen.end(), int64_t{0});
    return chosen;
  }
  const int64_t edge = sampling->edge_rows / 2;
  for (int64_t r = 0; r < edge; ++r) chosen.push_back(r);
  const int64_t begin = edge, span = rows - 2 * edge;
  for (int64_t i = 0; i < sampling->spread_rows; ++i) chosen.push_back(begin + (i * span / sampling->spread_rows + i) % span);
  for (int64_t r = rows - edge; r < rows; ++r) chosen.push_back(r);
  return chosen;
}

ExpectedOutput DeclaredLab::expected_rows(const Workload& sent, size_t output, const std::vector<int64_t>& rows,
                                          bool as_elements) const {
  const HostBuffer& buffer = sent.buffers[output];
  const size_t cols = static_cast<size_t>(buffer.cols);
  ExpectedOutput expected;
  expected.rows = rows;
  expected.cols = buffer.cols;
  const Parameter* parameter = buffer_parameters_[output];
  // Every value is written by the reference, so nothing is zeroed first. Exact values are kept as the output's
  // own elements, half the memory of doubles for 4-byte ones: each block is computed into a buffer of its own
  // and converted.
  if (as_elements) {
    expected.width = buffer.width();
    expected.exact.resize(rows.size() * cols * expected.width);
  } else {
    expected.value.resize(rows.size() * cols);
    if (parameter->check.scale_from_reference) expected.scale.resize(expected.value.size());
  }

  int32_t output_index = 0;
  const std::vector<cudagrade_array> arrays = reference_arrays(sent, output, output_index);
  const std::vector<int64_t>& sizes = sent.dims;
  const CpuReference& computing = reference();
  const int64_t chunk = chunk_rows(static_cast<int64_t>(rows.size()));
  const int64_t row_chunks = (static_cast<int64_t>(rows.size()) + chunk - 1) / chunk;
  const int64_t columns_per_call = parameter->whole_rows ? std::max<int64_t>(buffer.cols, 1) : kColumnsPerCall;
  const int64_t column_chunks = (buffer.cols + columns_per_call - 1) / columns_per_call;
  std::atomic<bool> failed{false};
  parallel_for(row_chunks * column_chunks, [&](int64_t task) {
    const size_t first = static_cast<size_t>(task / column_chunks * chunk);
    const size_t count = std::min(rows.size() - first, static_cast<size_t>(chunk));
    const size_t offset = first * cols;
    const int64_t col_begin = task % column_chunks * columns_per_call;
    const int64_t col_end = std::min(col_begin + columns_per_call, buffer.cols);
    thread_local Values block;
    if (as_elements) block.resize(count * cols);
    cudagrade_reference_call call{sizes.data(),
                                  static_cast<int32_t>(sizes.size()),
                                  arrays.data(),
                                  static_cast<int32_t>(arrays.size()),
                                  output_index,
                                  rows.data() + first,
                                  static_cast<int64_t>(count),
                                  col_begin,
                                  col_end,
                                  as_elements ? block.data() : expected.value.data() + offset,
                                  expected.scale.empty() ? nullptr : expected.scale.data() + offset};
    if (!computing.compute(call)) failed = true;
    if (!as_elements) return;
    for (size_t r = 0; r < count; ++r) {
      for (int64_t c = col_begin; c < col_end; ++c) {
        const size_t at = offset + r * cols + static_cast<size_t>(c);
        store_bits(expected.exact.data() + at * expected.width, expected.width,
                   bits_for_value(block[r * cols + static_cast<size_t>(c)], parameter->type));
      }
    }
  });
  if (failed) throw std::runtime_error(fmt::format("the CPU reference of lab {} returned an error", declaration_.name));
  return expected;
}

ExpectedOutput DeclaredLab::expected_everywhere(const Workload& sent, size_t output) const {
  std::vector<int64_t> every_row(static_cast<size_t>(sent.buffers[output].rows));
  std::iota(every_row.begin(), every_row.end(), int64_t{0});
  return expected_rows(sent, output, every_row);
}

// What the reference says of a set, computed at its first check (or while the GPU times it) and kept with it.
const std::vector<ExpectedOutput>& DeclaredLab::expected_outputs(const TestCase& test_case, const Workload& sent) const {
  const SizeValues sizes = bind(test_case.size);
  return sent.expected->get<DeclaredExpected>([&] {
    auto values = std::make_unique<DeclaredExpected>();
    values->outputs.resize(sent.buffers.size());
    for (size_t index = 0; index < buffer_parameters_.size(); ++index) {
      const Parameter& parameter = *buffer_parameters_[index];
      if (!is_written(parameter.role)) continue;
      values->outputs[index] = expected_rows(sent, index, rows_to_check(parameter, sizes, sent.buffers[index].rows),
                                             parameter.check.kind == OutputCheck::Kind::kExact);
    }
    return values;
  }).outputs;
}

void DeclaredLab::prepare_check(const TestCase& test_case, const Workload& sent) const {
  expected_outputs(test_case, sent);
}

CheckOutcome DeclaredLab::check(const TestCase& test_case, const Workload& sent, const ReturnedSet& returned) const {
  const std::vector<ExpectedOutput>& expected = expected_outputs(test_case, sent);
  const SizeValues sizes = bind(test_case.size);
  std::vector<CheckOutcome> outcomes;
  for (size_t index = 0; index < buffer_parameters_.size(); ++index) {
    const Parameter& parameter = *buffer_parameters_[index];
    if (!is_written(parameter.role)) continue;
    const HostBuffer& buffer = sent.buffers[index];
    OutputUnderCheck output{&parameter,
                            buffer.name,
                            buffer.rows,
                            buffer.cols,
                            returned.data[index],
                            &expected[index],
                            test_case.tolerance,
                            parameter.check.grow ? static_cast<double>(evaluate(*parameter.check.grow, sizes)) : 1.0,
                            {},
                            {}};
    int32_t output_index = 0;
    const std::vector<cudagrade_array> arrays = reference_arrays(sent, index, output_index);
    const cudagrade_reference_call call{sent.dims.data(),
                                        static_cast<int32_t>(sent.dims.size()),
                                        arrays.data(),
                                        static_cast<int32_t>(arrays.size()),
                                        output_index,
                                        nullptr,
                                        0,
                                        0,
                                        0,
                                        nullptr,
                                        nullptr};
    output.explain = [&](cudagrade_mismatch& mismatch) { reference().explain(call, mismatch); };
    if (parameter.check.kind == OutputCheck::Kind::kOwn) {
      if (!reference().has_own_check()) {
        throw std::runtime_error(
            fmt::format("lab {} declares `check: own` for {}, but its reference {} defines no "
                        "cudagrade_check",
                        declaration_.name, parameter.name, declaration_.reference_source));
      }
      output.own = [&](cudagrade_own_check& own) { return reference().own_check(call, own); };
    }
    outcomes.push_back(check_output(output));
  }
  return combine_outcomes(outcomes);
}

}  // namespace cudagrade
