// The shipped labs (labs/*/lab.yaml), read by the registry as cudagrade reads them: what each lab teaches in
// its messages still comes through the declared format and the labs' own references.
#include <fmt/format.h>

#include <catch2/catch.hpp>
#include <cmath>
#include <cstring>
#include <span>

#include "labs/registry.h"
#include "model/workload.h"

namespace cudagrade {
namespace {

const Lab& lab(const std::string& name) {
  const Lab* found = find_lab(name);
  REQUIRE(found != nullptr);
  return *found;
}

// The tests play a submission with 4-byte words, as every shipped lab's buffers are.
std::vector<uint32_t> words_of(const HostBuffer& buffer) {
  std::vector<uint32_t> words(buffer.bytes.size() / 4);
  std::memcpy(words.data(), buffer.bytes.data(), buffer.bytes.size());
  return words;
}

float float_at(std::span<const uint32_t> words, size_t index) {
  float value;
  std::memcpy(&value, &words[index], sizeof value);
  return value;
}

int32_t int_at(std::span<const uint32_t> words, size_t index) {
  return static_cast<int32_t>(words[index]);
}

uint32_t word_of(float value) {
  uint32_t word;
  std::memcpy(&word, &value, sizeof word);
  return word;
}

uint32_t word_of(int32_t value) {
  return static_cast<uint32_t>(value);
}

// What came back, buffer by buffer, as the set's own element types (which decide what "never written" is).
ReturnedSet as_returned(const Workload& sent, std::initializer_list<std::span<const uint32_t>> buffers) {
  ReturnedSet returned;
  size_t index = 0;
  for (std::span<const uint32_t> words : buffers)
    returned.data.push_back(words_as_elements(words, sent.buffers[index++].type));
  return returned;
}

TestCase make_case(std::vector<int64_t> size, Distribution distribution, uint64_t seed = 77) {
  TestCase test_case;
  test_case.name = "t";
  test_case.size = std::move(size);
  test_case.seed = seed;
  test_case.distribution = distribution;
  return test_case;
}

TEST_CASE("the source tree declares the three lecture labs and vector_add", "[labs]") {
  for (const char* name : {"matmul", "reduction", "transpose", "vector_add"}) CHECK(find_lab(name) != nullptr);
  CHECK(lab("matmul").size_fields() == std::vector<std::string>{"M", "K", "N"});
  CHECK(lab("matmul").baselines().at(0).source == "labs/matmul/baseline_cublas.cu");
  CHECK(lab("transpose").speed_of_light_references() == std::vector<std::string>{"copy"});
}

// C = A x B computed here in float64, as the words a correct submission leaves.
std::vector<uint32_t> product(const Workload& workload) {
  const int64_t m = workload.dims[0], k = workload.dims[1], n = workload.dims[2];
  std::vector<uint32_t> c(static_cast<size_t>(m * n));
  const std::vector<uint32_t> a = words_of(workload.buffers[0]), b = words_of(workload.buffers[1]);
  for (int64_t i = 0; i < m; ++i) {
    for (int64_t j = 0; j < n; ++j) {
      double sum = 0;
      for (int64_t p = 0; p < k; ++p) {
        sum += double(float_at(a, i * k + p)) * float_at(b, p * n + j);
      }
      c[static_cast<size_t>(i * n + j)] = word_of(static_cast<float>(sum));
    }
  }
  return c;
}

TEST_CASE("matmul: exact for small integers, tolerant for floats, and a missed term is caught", "[labs][matmul]") {
  const Lab& matmul = lab("matmul");
  TestCase integers = make_case({40, 64, 40}, Distribution::kSmallIntegers);
  integers.tolerance = matmul.default_tolerance(integers.distribution);
  CHECK(integers.tolerance.abs == 0);
  CHECK(integers.tolerance.rel == 0);
  Workload sent = matmul.make_workload(integers, 0);
  std::vector<uint32_t> c = product(sent);
  CHECK(matmul.check(integers, sent, as_returned(sent, {words_of(sent.buffers[0]), words_of(sent.buffers[1]), c}))
            .status == CaseStatus::kPassed);
  c[5] = word_of(float_at(c, 5) + 1);
  CHECK(matmul.check(integers, sent, as_returned(sent, {words_of(sent.buffers[0]), words_of(sent.buffers[1]), c}))
            .status == CaseStatus::kWrongAnswer);

  TestCase floats = make_case({8, 1000, 8}, Distribution::kUniformFloat);
  floats.tolerance = matmul.default_tolerance(floats.distribution);
  sent = matmul.make_workload(floats, 0);
  c = product(sent);
  CHECK(
      matmul.check(floats, sent, as_returned(sent, {words_of(sent.buffers[0]), words_of(sent.buffers[1]), c})).status ==
      CaseStatus::kPassed);
  // One term of C[0, 0] missed: far above the tolerance, which grows with the sum of the terms' magnitudes.
  const double term = double(float_at(words_of(sent.buffers[0]), 0)) * float_at(words_of(sent.buffers[1]), 0);
  c[0] = word_of(static_cast<float>(float_at(c, 0) - term));
  const CheckOutcome missed =
      matmul.check(floats, sent, as_returned(sent, {words_of(sent.buffers[0]), words_of(sent.buffers[1]), c}));
  CHECK(missed.status == CaseStatus::kWrongAnswer);
  CHECK_THAT(missed.message, Catch::StartsWith("1 of 64 checked elements of C are wrong; first: C[row 0, col 0]: expected "));
}

TEST_CASE("matmul: a missing last tile row is drawn, and large cases are sampled with both edges", "[labs][matmul]") {
  const Lab& matmul = lab("matmul");
  TestCase test_case = make_case({40, 8, 40}, Distribution::kSmallIntegers);
  Workload sent = matmul.make_workload(test_case, 0);
  std::vector<uint32_t> c = product(sent);
  for (size_t i = 32 * 40; i < c.size(); ++i) c[i] = kFloatPoison;
  c[0] = word_of(float_at(c, 0) + 1);
  const CheckOutcome outcome =
      matmul.check(test_case, sent, as_returned(sent, {words_of(sent.buffers[0]), words_of(sent.buffers[1]), c}));
  CHECK_THAT(outcome.message, Catch::StartsWith("321 of 1600 checked elements of C are wrong; 320 of 1600 were never "
                                                "written; first: C[row 0, col 0]: expected "));
  CHECK_THAT(outcome.details, Catch::Contains("  |X..|\n  |...|\n  |???|\n"));

  TestCase large = make_case({4096, 200, 8}, Distribution::kSmallIntegers);  // M*K*N below 2^31: every row
  CHECK_FALSE(matmul.size_problem(large.size));
  large = make_case({4096, 65536, 16}, Distribution::kSmallIntegers);  // above: 96 sampled rows
  Workload big = matmul.make_workload(large, 0);
  std::vector<uint32_t> zeros(static_cast<size_t>(4096 * 16), 0u);
  const CheckOutcome sampled =
      matmul.check(large, big, as_returned(big, {words_of(big.buffers[0]), words_of(big.buffers[1]), zeros}));
  CHECK_THAT(sampled.message, Catch::EndsWith("(96 of 4096 rows checked in full, every element checked for being written)"));
  CHECK_THAT(sampled.message, Catch::Contains("of 1536 checked elements of C are wrong"));
}

TEST_CASE("matmul: sizes past the interface's int are refused in the lab's words", "[labs][matmul]") {
  const Lab& matmul = lab("matmul");
  CHECK(matmul.size_problem({int64_t{1} << 31, 1, 1}) == std::optional<std::string>("M, K and N must each fit in an int (below 2^31)"));
  CHECK(matmul.size_problem({65536, 65536, 1}) ==
        std::optional<std::string>("each matrix must have fewer than 2^31 elements, since the interface indexes with int"));
  CHECK(matmul.work(make_case({2, 3, 4}, Distribution::kSmallIntegers)).flops == 48);
  CHECK(matmul.simulator_size({4096, 4096, 4096}) == std::vector<int64_t>{160, 160, 160});
}

CheckOutcome reduce_check(const Workload& sent, uint32_t out) {
  std::vector<uint32_t> result = {out};
  return lab("reduction")
      .check(make_case(sent.dims, Distribution::kSmallIntegers, 99), sent,
             as_returned(sent, {words_of(sent.buffers[0]), result, {}}));
}

TEST_CASE("reduction: the sum wraps, and a wrong sum says what probably happened", "[labs][reduction]") {
  const Lab& reduction = lab("reduction");
  const Workload sent = reduction.make_workload(make_case({1000}, Distribution::kSmallIntegers, 99), 0);
  REQUIRE(sent.buffers.size() == 3);
  CHECK(sent.buffers[2].size() == 1000);  // scratch of n ints
  uint32_t sum = 0;
  for (uint32_t word : words_of(sent.buffers[0])) sum += word;
  const int32_t want = static_cast<int32_t>(sum);
  CHECK(reduce_check(sent, word_of(want)).message == fmt::format("out[0] = {} is right", want));
  CHECK(reduce_check(sent, kIntPoison).message == fmt::format("out[0] was never written (expected {})", want));
  const int32_t last = int_at(words_of(sent.buffers[0]), 999);
  REQUIRE(last != 0);
  REQUIRE(last != int_at(words_of(sent.buffers[0]), 0));
  CHECK(reduce_check(sent, word_of(want - last)).message ==
        fmt::format("out[0]: expected {}, got {}, off by {} (exactly in[n-1] short: the last element was dropped?)", want,
                    want - last, -last));
  CHECK_THAT(reduce_check(sent, word_of(int32_t{0})).message, Catch::EndsWith("(got 0: did the kernel run, and was the result copied to out[0]?)"));
  CHECK(reduction.simulator_size({int64_t{1} << 24}) == std::vector<int64_t>{(1 << 20) - 2048});
  CHECK(reduction.simulator_size({(int64_t{1} << 24) + 5}) == std::vector<int64_t>{(1 << 20) - 2048 + 5});
  CHECK(reduction.simulator_size({1 << 20}) == std::vector<int64_t>{1 << 20});
}

TEST_CASE("transpose: a copy is told apart from a transpose, and says so", "[labs][transpose]") {
  const Lab& transpose = lab("transpose");
  const TestCase test_case = make_case({4, 6}, Distribution::kUniformFloat);
  const Workload sent = transpose.make_workload(test_case, 0);
  CHECK(sent.buffers[1].rows == 6);
  CHECK(sent.buffers[1].cols == 4);
  const CheckOutcome copied =
      transpose.check(test_case, sent, as_returned(sent, {words_of(sent.buffers[0]), words_of(sent.buffers[0])}));
  CHECK(copied.status == CaseStatus::kWrongAnswer);
  // out[0, 1] is in's element 1 (in[0, 1]) where in[1, 0] belongs.
  CHECK_THAT(copied.message, Catch::Contains("first: out[row 0, col 1]: expected in[1, 0] = "));
  CHECK_THAT(copied.message, Catch::Contains("(that is in[0, 1]: the same linear index, a copy, not a transpose?)"));
  CHECK(transpose.simulator_size({8192, 8192}) == std::vector<int64_t>{1024, 1024});
}

TEST_CASE("spmv: the matrix is a valid CSR with empty rows and a long row, and y is judged row by row",
          "[labs][spmv]") {
  const Lab& spmv = lab("spmv");
  CHECK(spmv.size_problem({10, 10, 101}) ==
        std::optional<std::string>("nnz must be at most rows * cols: a row holds each column once at most"));
  const TestCase floats = make_case({2000, 3000, 40000}, Distribution::kUniformFloat);
  const Workload sent = spmv.make_workload(floats, 0);
  REQUIRE(sent.buffers.size() == 5);
  const std::vector<uint32_t> offsets = words_of(sent.buffers[0]);
  const std::vector<uint32_t> columns = words_of(sent.buffers[1]);
  const std::vector<uint32_t> values = words_of(sent.buffers[2]), x = words_of(sent.buffers[3]);
  REQUIRE(offsets.size() == 2001);
  REQUIRE(offsets.front() == 0);
  REQUIRE(offsets.back() == 40000);
  int64_t empty = 0, longest = 0;
  for (size_t r = 0; r < 2000; ++r) {
    const int64_t length = int64_t{offsets[r + 1]} - offsets[r];
    REQUIRE(length >= 0);
    empty += length == 0;
    longest = std::max(longest, length);
    for (uint32_t k = offsets[r]; k + 1 < offsets[r + 1]; ++k) REQUIRE(columns[k] < columns[k + 1]);
    if (length > 0) REQUIRE(columns[offsets[r + 1] - 1] < 3000);
  }
  CHECK(empty >= 100);           // 5% of the rows are empty by the declaration
  CHECK(longest >= 40000 / 16);  // and one is long
  // y computed here in double is right; one row's sum short of its last entry is caught.
  std::vector<uint32_t> y(2000);
  size_t row_with_entries = 0;
  for (size_t r = 0; r < 2000; ++r) {
    double sum = 0;
    for (uint32_t k = offsets[r]; k < offsets[r + 1]; ++k) sum += double(float_at(values, k)) * float_at(x, columns[k]);
    y[r] = word_of(static_cast<float>(sum));
    if (offsets[r + 1] - offsets[r] > 3) row_with_entries = r;
  }
  TestCase judged = floats;
  judged.tolerance = spmv.default_tolerance(judged.distribution);
  const ReturnedSet returned = as_returned(sent, {offsets, columns, values, x, y});
  CHECK(spmv.check(judged, sent, returned).status == CaseStatus::kPassed);
  const uint32_t last = offsets[row_with_entries + 1] - 1;
  y[row_with_entries] = word_of(float_at(y, row_with_entries) - float_at(values, last) * float_at(x, columns[last]));
  const CheckOutcome short_row = spmv.check(judged, sent, returned);
  CHECK(short_row.status == CaseStatus::kWrongAnswer);
  CHECK_THAT(short_row.details, Catch::Contains("the row without its last entry"));
  // The simulator divides the performance case by 4: the same rows' lengths, 2^20 entries.
  CHECK(spmv.simulator_size({131072, 131072, 4194304}) == std::vector<int64_t>{32768, 32768, 1048576});
}

}  // namespace
}  // namespace cudagrade
