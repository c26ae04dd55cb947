#include "labs/matmul/matmul_lab.h"

#include <fmt/format.h>

#include <cmath>
#include <fstream>
#include <functional>
#include <numeric>

#include "check/tile_picture.h"
#include "core/parallel.h"
#include "core/random.h"
#include "labs/matmul/matmul_reference.h"
#include "model/downsize.h"
#include "model/workload.h"

namespace cudagrade {
namespace {

constexpr int64_t kPictureTile = 16;  // the lecture notes' TILE
constexpr size_t kMismatchesShown = 5;
enum Buffer { kA = 0, kB = 1, kC = 2 };

struct Shape {
  int64_t m, k, n;
};

Shape shape_of(const std::vector<int64_t>& dims) {
  return {dims[0], dims[1], dims[2]};
}

HostBuffer matrix(std::string name, BufferRole role, int64_t rows, int64_t cols) {
  HostBuffer buffer{std::move(name), role, ElementType::kFloat32, rows, cols, static_cast<size_t>(rows * cols), {}};
  if (role == BufferRole::kInput) buffer.words.resize(buffer.count);
  return buffer;
}

void fill_random(HostBuffer& buffer, Distribution distribution, SplitMix64& random) {
  fill_in_parallel(buffer.words, random, [distribution](SplitMix64& draws) {
    return word_of(distribution == Distribution::kSmallIntegers ? static_cast<float>(draws.small_integer())
                                                                : draws.uniform_float());
  });
}

struct Mismatch {
  int64_t row, col;
  double want;
  float got;
  bool unwritten;
};

// What one verified row of C holds. Rows are checked in parallel and merged in order afterwards.
struct RowCheck {
  int64_t row = 0;
  int64_t wrong = 0;
  std::vector<Mismatch> first;
  std::vector<CellState> states;  // per column; the picture is drawn after the parallel part
};

bool is_unwritten(uint32_t word) {
  return word == kFloatPoison;
}

// The rows of C a set's answers are checked on, and their float64 values: one computation per input set.
struct ExpectedRows : ExpectedValues {
  std::vector<int64_t> rows;
  std::vector<ReferenceRow> reference;  // in the order of rows
};

const ExpectedRows& expected_rows(const Workload& sent) {
  return sent.expected->get<ExpectedRows>([&] {
    const Shape shape = shape_of(sent.dims);
    auto expected = std::make_unique<ExpectedRows>();
    expected->rows = rows_to_verify(shape.m, shape.k, shape.n);
    expected->reference =
        reference_rows(sent.buffers[kA].words, sent.buffers[kB].words, expected->rows, shape.k, shape.n);
    return expected;
  });
}

RowCheck check_row(const TestCase& test_case, const Workload& sent, std::span<const uint32_t> c, int64_t row,
                   const ReferenceRow& reference) {
  const Shape shape = shape_of(sent.dims);
  RowCheck result;
  result.row = row;
  result.states.resize(static_cast<size_t>(shape.n));
  for (int64_t col = 0; col < shape.n; ++col) {
    const uint32_t word = c[static_cast<size_t>(row * shape.n + col)];
    const float got = float_at(c, static_cast<size_t>(row * shape.n + col));
    const double want = reference.value[static_cast<size_t>(col)];
    const double allowed =
        test_case.tolerance.abs + test_case.tolerance.rel * reference.magnitude[static_cast<size_t>(col)];
    const bool unwritten = is_unwritten(word);
    const bool right = !unwritten && std::fabs(static_cast<double>(got) - want) <= allowed;
    result.states[static_cast<size_t>(col)] = right       ? CellState::kCorrect
                                              : unwritten ? CellState::kUnwritten
                                                          : CellState::kWrong;
    if (right) continue;
    ++result.wrong;
    if (result.first.size() < kMismatchesShown) result.first.push_back({row, col, want, got, unwritten});
  }
  return result;
}

std::string describe(const Mismatch& mismatch) {
  std::string got = mismatch.unwritten ? "never written" : fmt::format("got {:g}", mismatch.got);
  return fmt::format("C[row {}, col {}]: expected {:g}, {}", mismatch.row, mismatch.col, mismatch.want, got);
}

}  // namespace

// About a tenth of a second in the simulator, whose race checker shadows every shared-memory access.
constexpr double kSimulatorMultiplyAdds = 1 << 22;

// Scales every side by the same factor, keeping its remainder modulo 16 (a common tile width) so a shape
// that is not a multiple of the tile stays one, and every side at least its remainder (or 1).
std::vector<int64_t> MatmulLab::simulator_size(const std::vector<int64_t>& size) const {
  const Shape shape = shape_of(size);
  const double work = static_cast<double>(shape.m) * shape.k * shape.n;
  if (work <= kSimulatorMultiplyAdds) return size;
  return scale_sides_keeping_remainder(size, std::cbrt(kSimulatorMultiplyAdds / work), 16);
}

std::optional<std::string> MatmulLab::size_problem(const std::vector<int64_t>& size) const {
  const Shape shape = shape_of(size);
  constexpr int64_t kLargestIndexable = (int64_t{1} << 31) - 1;  // the interface passes sizes as int
  // Each size alone first, so that the products below cannot overflow.
  if (shape.m > kLargestIndexable || shape.k > kLargestIndexable || shape.n > kLargestIndexable) {
    return std::string("M, K and N must each fit in an int (below 2^31)");
  }
  if (shape.m * shape.k > kLargestIndexable || shape.k * shape.n > kLargestIndexable ||
      shape.m * shape.n > kLargestIndexable) {
    return std::string("each matrix must have fewer than 2^31 elements, since the interface indexes with int");
  }
  return std::nullopt;
}

std::vector<Distribution> MatmulLab::distributions() const {
  return {Distribution::kSmallIntegers, Distribution::kUniformFloat};
}

Tolerance MatmulLab::default_tolerance(Distribution distribution) const {
  // Small integers give exact float32 products and sums (|C| <= 81 K < 2^24 for K up to 200,000), so any
  // summation order gets the exact answer: no slack is needed.
  if (distribution == Distribution::kSmallIntegers) return {0, 0};
  // About 170 float32 ulps of the error scale: far above what fp32 accumulation in any order does at these
  // sizes, far below what a wrong index or a missed term does.
  return {1e-6, 1e-5};
}

std::vector<Baseline> MatmulLab::baselines() const {
  return {{"cublas", "grader/labs/matmul/baseline_cublas.cu", {"-lcublas"}}};
}

Workload MatmulLab::make_workload(const TestCase& test_case, int set_index) const {
  const Shape shape = shape_of(test_case.size);
  SplitMix64 random(set_seed(test_case.seed, set_index));
  Workload workload;
  workload.dims = test_case.size;
  workload.buffers.push_back(matrix("A", BufferRole::kInput, shape.m, shape.k));
  workload.buffers.push_back(matrix("B", BufferRole::kInput, shape.k, shape.n));
  workload.buffers.push_back(matrix("C", BufferRole::kOutput, shape.m, shape.n));
  fill_random(workload.buffers[kA], test_case.distribution, random);
  fill_random(workload.buffers[kB], test_case.distribution, random);
  return workload;
}

void MatmulLab::prepare_check(const TestCase&, const Workload& sent) const {
  expected_rows(sent);
}

CheckOutcome MatmulLab::check(const TestCase& test_case, const Workload& sent, const ReturnedSet& returned) const {
  const Shape shape = shape_of(sent.dims);
  std::span<const uint32_t> c = returned.data[kC];
  TilePicture picture(shape.m, shape.n, kPictureTile);

  // Every element is checked for having been written; the rows below are also checked for their values.
  int64_t unwritten = 0;
  for (size_t i = 0; i < c.size(); ++i) {
    if (!is_unwritten(c[i])) continue;
    ++unwritten;
    picture.mark(static_cast<int64_t>(i) / shape.n, static_cast<int64_t>(i) % shape.n, CellState::kUnwritten);
  }
  const ExpectedRows& expected = expected_rows(sent);
  const std::vector<int64_t>& rows = expected.rows;
  std::vector<RowCheck> checks(rows.size());
  parallel_for(static_cast<int64_t>(rows.size()), [&](int64_t i) {
    const size_t at = static_cast<size_t>(i);
    checks[at] = check_row(test_case, sent, c, rows[at], expected.reference[at]);
  });

  int64_t wrong = 0;
  std::vector<Mismatch> first;
  for (const RowCheck& check : checks) {
    for (int64_t col = 0; col < shape.n; ++col) picture.mark(check.row, col, check.states[static_cast<size_t>(col)]);
    wrong += check.wrong;
    for (const Mismatch& mismatch : check.first) {
      if (first.size() < kMismatchesShown) first.push_back(mismatch);
    }
  }
  const bool sampled = static_cast<int64_t>(rows.size()) < shape.m;
  const std::string scope = sampled ? fmt::format(
                                          " ({} of {} rows checked in full, every element checked for "
                                          "being written)",
                                          rows.size(), shape.m)
                                    : "";
  if (wrong == 0 && unwritten == 0) return {CaseStatus::kPassed, "all elements of C are right" + scope, ""};

  CheckOutcome outcome{CaseStatus::kWrongAnswer, "", ""};
  const int64_t checked = static_cast<int64_t>(rows.size()) * shape.n;
  outcome.message = wrong > 0 ? fmt::format("{} of {} checked elements of C are wrong", wrong, checked)
                              : std::string("C has elements that were never written");
  if (unwritten > 0) outcome.message += fmt::format("; {} of {} were never written", unwritten, c.size());
  if (!first.empty()) outcome.message += "; first: " + describe(first.front());
  outcome.message += scope;
  for (const Mismatch& mismatch : first) outcome.details += "  " + describe(mismatch) + "\n";
  outcome.details += picture.render();
  return outcome;
}

WorkCount MatmulLab::work(const TestCase& test_case) const {
  const Shape shape = shape_of(test_case.size);
  const double m = static_cast<double>(shape.m), k = static_cast<double>(shape.k), n = static_cast<double>(shape.n);
  return {2 * m * k * n, 4 * (m * k + k * n + m * n)};
}

namespace {

void write_matrix(const std::filesystem::path& path, const std::string& title, int64_t rows, int64_t cols,
                  const std::function<std::string(int64_t)>& element) {
  std::ofstream out(path);
  out << "# " << title << ": " << rows << " x " << cols << ", row-major\n";
  for (int64_t r = 0; r < rows; ++r) {
    for (int64_t c = 0; c < cols; ++c) out << (c ? " " : "") << fmt::format("{:>8}", element(r * cols + c));
    out << "\n";
  }
  if (!out) throw std::runtime_error("cannot write " + path.string());
}

}  // namespace

void MatmulLab::dump(const Workload& sent, const ReturnedSet& returned, const std::filesystem::path& dir) const {
  const Shape shape = shape_of(sent.dims);
  auto element_of = [](std::span<const uint32_t> words) {
    return [words](int64_t i) {
      if (words[static_cast<size_t>(i)] == kFloatPoison) return std::string("unset");
      return fmt::format("{:g}", float_at(words, static_cast<size_t>(i)));
    };
  };
  write_matrix(dir / "A.txt", "A", shape.m, shape.k, element_of(sent.buffers[kA].words));
  write_matrix(dir / "B.txt", "B", shape.k, shape.n, element_of(sent.buffers[kB].words));
  write_matrix(dir / "C.txt", "C as computed by the submission", shape.m, shape.n, element_of(returned.data[kC]));
  std::vector<int64_t> every_row(static_cast<size_t>(shape.m));
  std::iota(every_row.begin(), every_row.end(), int64_t{0});
  const std::vector<ReferenceRow> expected =
      reference_rows(sent.buffers[kA].words, sent.buffers[kB].words, every_row, shape.k, shape.n);
  write_matrix(dir / "C_expected.txt", "C expected (float64 reference)", shape.m, shape.n, [&](int64_t i) {
    return fmt::format("{:g}", expected[static_cast<size_t>(i / shape.n)].value[static_cast<size_t>(i % shape.n)]);
  });
}

// The one name grader/labs/registry.cc knows this lab by.
const Lab& matmul_lab() {
  static const MatmulLab lab;
  return lab;
}

}  // namespace cudagrade
