#include "labs/transpose/transpose_lab.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <fstream>

#include "check/tile_picture.h"
#include "core/parallel.h"
#include "core/random.h"
#include "model/downsize.h"
#include "model/workload.h"

namespace cudagrade {
namespace {

constexpr int64_t kPictureTile = 32;  // the lectures' TILE_DIM for a transpose
constexpr size_t kMismatchesShown = 5;
enum Buffer { kIn = 0, kOut = 1 };

struct Shape {
  int64_t rows, cols;  // of in; out is cols x rows
};

Shape shape_of(const std::vector<int64_t>& dims) {
  return {dims[0], dims[1]};
}

HostBuffer matrix(std::string name, BufferRole role, int64_t rows, int64_t cols) {
  HostBuffer buffer{std::move(name), role, ElementType::kFloat32, rows, cols, static_cast<size_t>(rows * cols), {}};
  if (role == BufferRole::kInput) buffer.words.resize(buffer.count);
  return buffer;
}

struct Mismatch {
  int64_t row, col;  // in out
  uint32_t got;
};

// One row of out (a column of in), checked on its own so that rows can be checked in parallel.
struct RowCheck {
  int64_t wrong = 0;
  int64_t unwritten = 0;
  std::vector<Mismatch> first;
  std::vector<CellState> states;
};

RowCheck check_row(std::span<const uint32_t> in, std::span<const uint32_t> out, const Shape& shape, int64_t row) {
  RowCheck result;
  result.states.resize(static_cast<size_t>(shape.rows));
  for (int64_t col = 0; col < shape.rows; ++col) {
    const uint32_t got = out[static_cast<size_t>(row * shape.rows + col)];
    const uint32_t want = in[static_cast<size_t>(col * shape.cols + row)];
    CellState& state = result.states[static_cast<size_t>(col)];
    if (got == want) {
      state = CellState::kCorrect;
      continue;
    }
    state = got == kFloatPoison ? CellState::kUnwritten : CellState::kWrong;
    ++(got == kFloatPoison ? result.unwritten : result.wrong);
    if (result.first.size() < kMismatchesShown) result.first.push_back({row, col, got});
  }
  return result;
}

std::string value_text(uint32_t word) {
  return fmt::format("{:g}", float_at(std::span<const uint32_t>(&word, 1), 0));
}

// Where a wrong value came from, when it is an element of in: a student reads "it holds in[3, 5]" and sees
// the swapped index at once. Random floats make a chance match between different elements rare.
std::string origin(std::span<const uint32_t> in, const Shape& shape, const Mismatch& mismatch) {
  if (mismatch.got == kFloatPoison) return "";
  const auto found = std::find(in.begin(), in.end(), mismatch.got);
  if (found == in.end()) return "";
  const int64_t index = found - in.begin();
  std::string text = fmt::format(" (that is in[{}, {}]", index / shape.cols, index % shape.cols);
  if (index == mismatch.row * shape.rows + mismatch.col) text += ": the same linear index, a copy, not a transpose?";
  return text + ")";
}

std::string describe(std::span<const uint32_t> in, const Shape& shape, const Mismatch& mismatch) {
  const uint32_t want = in[static_cast<size_t>(mismatch.col * shape.cols + mismatch.row)];
  const std::string got = mismatch.got == kFloatPoison ? std::string("never written")
                                                       : "got " + value_text(mismatch.got) + origin(in, shape, mismatch);
  return fmt::format("out[row {}, col {}]: expected in[{}, {}] = {}, {}", mismatch.row, mismatch.col, mismatch.col,
                     mismatch.row, value_text(want), got);
}

}  // namespace

// About a tenth of a second in the simulator, whose race checker shadows every shared-memory access.
constexpr double kSimulatorElements = 1 << 20;
// Sides keep their remainder modulo 64 (two 32-wide tiles, or one tile of a kernel taking several elements a
// thread), so a shape that is not a multiple of the tile stays one.
constexpr int64_t kKeptRemainder = 64;

std::vector<int64_t> TransposeLab::simulator_size(const std::vector<int64_t>& size) const {
  const Shape shape = shape_of(size);
  const double elements = static_cast<double>(shape.rows) * static_cast<double>(shape.cols);
  if (elements <= kSimulatorElements) return size;
  return scale_sides_keeping_remainder(size, std::sqrt(kSimulatorElements / elements), kKeptRemainder);
}

std::optional<std::string> TransposeLab::size_problem(const std::vector<int64_t>& size) const {
  const Shape shape = shape_of(size);
  constexpr int64_t kLargestIndexable = (int64_t{1} << 31) - 1;  // the interface passes sizes as int
  if (shape.rows > kLargestIndexable || shape.cols > kLargestIndexable) {
    return std::string("rows and cols must each fit in an int (below 2^31)");
  }
  if (shape.rows * shape.cols > kLargestIndexable) {
    return std::string("the matrix must have fewer than 2^31 elements, since the interface indexes with int");
  }
  return std::nullopt;
}

std::vector<Distribution> TransposeLab::distributions() const {
  // Uniform floats first: 2^24 distinct values, so a misplaced element is told from its neighbours and the
  // message can say where it came from. Small integers repeat and can hide a swap by chance.
  return {Distribution::kUniformFloat, Distribution::kSmallIntegers};
}

// No library baseline: cuBLAS's geam transposes, but the copy reference is the bound that matters here, and
// it is timed on the same buffers in every speed case.
std::vector<Baseline> TransposeLab::baselines() const {
  return {};
}

Workload TransposeLab::make_workload(const TestCase& test_case, int set_index) const {
  const Shape shape = shape_of(test_case.size);
  SplitMix64 random(set_seed(test_case.seed, set_index));
  Workload workload;
  workload.dims = test_case.size;
  workload.buffers.push_back(matrix("in", BufferRole::kInput, shape.rows, shape.cols));
  workload.buffers.push_back(matrix("out", BufferRole::kOutput, shape.cols, shape.rows));
  for (uint32_t& word : workload.buffers[kIn].words) {
    word = word_of(test_case.distribution == Distribution::kSmallIntegers ? static_cast<float>(random.small_integer())
                                                                           : random.uniform_float());
  }
  return workload;
}

CheckOutcome TransposeLab::check(const TestCase&, const Workload& sent, const ReturnedSet& returned) const {
  const Shape shape = shape_of(sent.dims);
  std::span<const uint32_t> in = sent.buffers[kIn].words;
  std::span<const uint32_t> out = returned.data[kOut];
  std::vector<RowCheck> rows(static_cast<size_t>(shape.cols));
  parallel_for(shape.cols, [&](int64_t row) { rows[static_cast<size_t>(row)] = check_row(in, out, shape, row); });

  int64_t wrong = 0, unwritten = 0;
  std::vector<Mismatch> first;
  for (const RowCheck& row : rows) {
    wrong += row.wrong;
    unwritten += row.unwritten;
    for (const Mismatch& mismatch : row.first) {
      if (first.size() < kMismatchesShown) first.push_back(mismatch);
    }
  }
  if (wrong == 0 && unwritten == 0) {
    return {CaseStatus::kPassed, fmt::format("all {} elements of out ({} x {}) are right", out.size(), shape.cols,
                                             shape.rows),
            ""};
  }
  TilePicture picture(shape.cols, shape.rows, kPictureTile);
  for (int64_t row = 0; row < shape.cols; ++row) {
    const RowCheck& checked = rows[static_cast<size_t>(row)];
    if (checked.wrong == 0 && checked.unwritten == 0) {
      for (int64_t col = 0; col < shape.rows; ++col) picture.mark(row, col, CellState::kCorrect);
      continue;
    }
    for (int64_t col = 0; col < shape.rows; ++col) picture.mark(row, col, checked.states[static_cast<size_t>(col)]);
  }
  CheckOutcome outcome{CaseStatus::kWrongAnswer, "", ""};
  const int64_t total = static_cast<int64_t>(out.size());
  outcome.message = wrong > 0 ? fmt::format("{} of {} elements of out are wrong", wrong, total)
                              : std::string("out has elements that were never written");
  if (unwritten > 0) outcome.message += fmt::format("; {} of {} were never written", unwritten, total);
  outcome.message += "; first: " + describe(in, shape, first.front());
  for (size_t i = 1; i < first.size(); ++i) outcome.details += "  " + describe(in, shape, first[i]) + "\n";
  outcome.details += picture.render();
  return outcome;
}

WorkCount TransposeLab::work(const TestCase& test_case) const {
  const Shape shape = shape_of(test_case.size);
  const double elements = static_cast<double>(shape.rows) * static_cast<double>(shape.cols);
  return {0, 2 * 4 * elements};  // every element read once and written once
}

namespace {

void write_matrix(const std::filesystem::path& path, const std::string& title, int64_t rows, int64_t cols,
                  std::span<const uint32_t> words) {
  std::ofstream out(path);
  out << "# " << title << ": " << rows << " x " << cols << ", row-major\n";
  for (int64_t r = 0; r < rows; ++r) {
    for (int64_t c = 0; c < cols; ++c) {
      const uint32_t word = words[static_cast<size_t>(r * cols + c)];
      out << (c ? " " : "") << fmt::format("{:>10}", word == kFloatPoison ? std::string("unset") : value_text(word));
    }
    out << "\n";
  }
  if (!out) throw std::runtime_error("cannot write " + path.string());
}

}  // namespace

void TransposeLab::dump(const Workload& sent, const ReturnedSet& returned, const std::filesystem::path& dir) const {
  const Shape shape = shape_of(sent.dims);
  std::span<const uint32_t> in = sent.buffers[kIn].words;
  write_matrix(dir / "in.txt", "in", shape.rows, shape.cols, in);
  write_matrix(dir / "out.txt", "out as computed by the submission", shape.cols, shape.rows, returned.data[kOut]);
  std::vector<uint32_t> expected(in.size());
  for (int64_t r = 0; r < shape.rows; ++r) {
    for (int64_t c = 0; c < shape.cols; ++c) expected[static_cast<size_t>(c * shape.rows + r)] = in[static_cast<size_t>(r * shape.cols + c)];
  }
  write_matrix(dir / "out_expected.txt", "out expected (in transposed)", shape.cols, shape.rows, expected);
}

// The one name grader/labs/registry.cc knows this lab by.
const Lab& transpose_lab() {
  static const TransposeLab lab;
  return lab;
}

}  // namespace cudagrade
