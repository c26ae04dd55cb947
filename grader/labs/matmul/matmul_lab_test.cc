#include "labs/matmul/matmul_lab.h"

#include <catch2/catch.hpp>
#include <cmath>

#include "core/random.h"
#include "labs/matmul/matmul_reference.h"
#include "model/workload.h"

namespace cudagrade {
namespace {

TestCase make_case(std::vector<int64_t> size, Distribution distribution = Distribution::kSmallIntegers) {
  MatmulLab lab;
  TestCase test_case;
  test_case.name = "t";
  test_case.size = std::move(size);
  test_case.seed = 1234;
  test_case.distribution = distribution;
  test_case.tolerance = lab.default_tolerance(distribution);
  return test_case;
}

// C as a correct submission computes it: float32 accumulation in k order.
std::vector<uint32_t> float32_product(const Workload& workload) {
  const int64_t m = workload.dims[0], k = workload.dims[1], n = workload.dims[2];
  const auto& a = workload.buffers[0].words;
  const auto& b = workload.buffers[1].words;
  std::vector<uint32_t> c(static_cast<size_t>(m * n));
  for (int64_t i = 0; i < m; ++i) {
    for (int64_t j = 0; j < n; ++j) {
      float sum = 0;
      for (int64_t x = 0; x < k; ++x) sum += float_at(a, i * k + x) * float_at(b, x * n + j);
      c[i * n + j] = word_of(sum);
    }
  }
  return c;
}

ReturnedSet returned_with(const Workload& workload, const std::vector<uint32_t>& c) {
  return {{workload.buffers[0].words, workload.buffers[1].words, c}};
}

TEST_CASE("inputs are reproducible from the seed and follow the distribution", "[matmul]") {
  MatmulLab lab;
  TestCase test_case = make_case({16, 13, 7});
  Workload first = lab.make_workload(test_case, 0);
  CHECK(first.buffers[0].words == lab.make_workload(test_case, 0).buffers[0].words);
  CHECK(first.buffers[0].words != lab.make_workload(test_case, 1).buffers[0].words);
  REQUIRE(first.buffers.size() == 3);
  CHECK(first.buffers[0].size() == 16 * 13);
  CHECK(first.buffers[1].size() == 13 * 7);
  CHECK(first.buffers[2].size() == 16 * 7);
  CHECK(first.buffers[2].words.empty());  // outputs are poisoned in the arena, not sent
  for (size_t i = 0; i < first.buffers[0].size(); ++i) {
    const float value = float_at(first.buffers[0].words, i);
    CHECK(value == std::round(value));
    CHECK(std::fabs(value) < 10);
  }
  Workload floats = lab.make_workload(make_case({4, 4, 4}, Distribution::kUniformFloat), 0);
  bool any_fraction = false;
  for (size_t i = 0; i < 16; ++i)
    any_fraction |= float_at(floats.buffers[0].words, i) != std::round(float_at(floats.buffers[0].words, i));
  CHECK(any_fraction);
}

TEST_CASE("a correct product passes exactly for integers and within tolerance for floats", "[matmul]") {
  MatmulLab lab;
  for (Distribution distribution : {Distribution::kSmallIntegers, Distribution::kUniformFloat}) {
    TestCase test_case = make_case({33, 300, 17}, distribution);
    Workload workload = lab.make_workload(test_case, 0);
    CheckOutcome outcome = lab.check(test_case, workload, returned_with(workload, float32_product(workload)));
    INFO(outcome.message);
    CHECK(outcome.status == CaseStatus::kPassed);
  }
}

TEST_CASE("the float tolerance scales with K but catches a missed term", "[matmul]") {
  MatmulLab lab;
  TestCase test_case = make_case({8, 512, 8}, Distribution::kUniformFloat);
  Workload workload = lab.make_workload(test_case, 0);
  std::vector<uint32_t> c = float32_product(workload);
  // Drop the last term of one dot product: the classic off-by-one in the k loop.
  const float missed = float_at(workload.buffers[0].words, 511) * float_at(workload.buffers[1].words, 511 * 8);
  c[0] = word_of(float_at(c, 0) - missed);
  CheckOutcome outcome = lab.check(test_case, workload, returned_with(workload, c));
  CHECK(outcome.status == CaseStatus::kWrongAnswer);
  CHECK_THAT(outcome.message, Catch::StartsWith("1 of 64 checked elements of C are wrong"));
}

TEST_CASE("integer cases tolerate no error at all", "[matmul]") {
  MatmulLab lab;
  TestCase test_case = make_case({4, 4, 4});
  Workload workload = lab.make_workload(test_case, 0);
  std::vector<uint32_t> c = float32_product(workload);
  c[5] = word_of(std::nextafter(float_at(c, 5), 1e9f));
  CHECK(lab.check(test_case, workload, returned_with(workload, c)).status == CaseStatus::kWrongAnswer);
}

TEST_CASE("a failing case lists mismatches and draws where they are", "[matmul]") {
  MatmulLab lab;
  TestCase test_case = make_case({40, 20, 40});
  Workload workload = lab.make_workload(test_case, 0);
  std::vector<uint32_t> c = float32_product(workload);
  for (int64_t row = 32; row < 40; ++row) {
    for (int64_t col = 0; col < 40; ++col) c[row * 40 + col] = kFloatPoison;  // last tile row never written
  }
  c[3] = word_of(float_at(c, 3) + 1);
  CheckOutcome outcome = lab.check(test_case, workload, returned_with(workload, c));
  CHECK(outcome.status == CaseStatus::kWrongAnswer);
  CHECK_THAT(outcome.message, Catch::Contains("321 of 1600 checked elements of C are wrong; 320 of 1600 were never "
                                              "written; first: C[row 0, col 3]: expected"));
  CHECK_THAT(outcome.details, Catch::Contains("C[row 32, col 0]: expected"));
  CHECK_THAT(outcome.details, Catch::Contains("never written"));
  CHECK_THAT(outcome.details, Catch::Contains("  |X..|\n  |...|\n  |???|\n"));
}

TEST_CASE("large cases are checked on sampled rows that include both edge tiles", "[matmul]") {
  const std::vector<int64_t> rows = rows_to_verify(4096, 4096, 4096);
  CHECK(rows.size() == 96);
  CHECK(rows.front() == 0);
  CHECK(rows.back() == 4095);
  CHECK(std::count(rows.begin(), rows.end(), 4080) == 1);  // first row of the last tile
  const std::vector<int64_t> all = rows_to_verify(1000, 1000, 1000);
  CHECK(all.size() == 1000);
}

TEST_CASE("the fp64 reference row and its error scale", "[matmul]") {
  // A = [1 -2], B = [[3], [4]]: value 1*3 - 2*4 = -5, scale |3| + |-8| = 11.
  std::vector<uint32_t> a = {word_of(1.0f), word_of(-2.0f)};
  std::vector<uint32_t> b = {word_of(3.0f), word_of(4.0f)};
  ReferenceRow row = reference_row(a, b, 0, 2, 1);
  CHECK(row.value[0] == -5);
  CHECK(row.magnitude[0] == 11);
}

TEST_CASE("rows computed together equal each row computed alone, bit for bit", "[matmul]") {
  // 20 rows span three groups of 8 and 2100 columns three chunks of 1024: every edge of the blocking.
  const int64_t m = 23, k = 37, n = 2100;
  SplitMix64 random(3);
  std::vector<uint32_t> a(static_cast<size_t>(m * k)), b(static_cast<size_t>(k * n));
  for (uint32_t& word : a) word = word_of(random.uniform_float());
  for (uint32_t& word : b) word = word_of(random.uniform_float());
  std::vector<int64_t> rows;
  for (int64_t r = 0; r < 20; ++r) rows.push_back((r * 7) % m);
  const std::vector<ReferenceRow> together = reference_rows(a, b, rows, k, n);
  REQUIRE(together.size() == rows.size());
  for (size_t i = 0; i < rows.size(); ++i) {
    std::vector<double> value(static_cast<size_t>(n), 0.0);
    for (int64_t kk = 0; kk < k; ++kk) {
      const double a_ik = float_at(a, static_cast<size_t>(rows[i] * k + kk));
      for (int64_t j = 0; j < n; ++j) value[static_cast<size_t>(j)] += a_ik * float_at(b, static_cast<size_t>(kk * n + j));
    }
    CHECK(together[i].value == value);
    CHECK(together[i].magnitude == reference_row(a, b, rows[i], k, n).magnitude);
  }
}

TEST_CASE("a set's expected values are computed once, at its first check, and shared by its copies", "[matmul]") {
  struct Counted : ExpectedValues {
    int serial = 0;
  };
  Workload set;
  const Workload copy = set;
  int made = 0;
  auto make = [&made] {
    auto values = std::make_unique<Counted>();
    values->serial = ++made;
    return values;
  };
  CHECK(set.expected->get<Counted>(make).serial == 1);
  CHECK(copy.expected->get<Counted>(make).serial == 1);
  CHECK(made == 1);
  CHECK(Workload{}.expected->get<Counted>(make).serial == 2);  // another set, its own values
}

TEST_CASE("work counts: 2MNK flops and each matrix moved once", "[matmul]") {
  MatmulLab lab;
  WorkCount work = lab.work(make_case({2, 3, 4}));
  CHECK(work.flops == 48);
  CHECK(work.bytes == 4 * (6 + 12 + 8));
}

}  // namespace
}  // namespace cudagrade
