#include "labs/transpose/transpose_lab.h"

#include <catch2/catch.hpp>

#include "model/workload.h"

namespace cudagrade {
namespace {

TestCase make_case(std::vector<int64_t> size, Distribution distribution = Distribution::kUniformFloat) {
  TestCase test_case;
  test_case.name = "t";
  test_case.size = std::move(size);
  test_case.seed = 77;
  test_case.distribution = distribution;
  return test_case;
}

// out as a correct submission writes it.
std::vector<uint32_t> transposed(const Workload& workload) {
  const int64_t rows = workload.dims[0], cols = workload.dims[1];
  const auto& in = workload.buffers[0].words;
  std::vector<uint32_t> out(in.size());
  for (int64_t r = 0; r < rows; ++r) {
    for (int64_t c = 0; c < cols; ++c) out[c * rows + r] = in[r * cols + c];
  }
  return out;
}

CheckOutcome check_with(const TestCase& test_case, const Workload& workload, const std::vector<uint32_t>& out) {
  return TransposeLab().check(test_case, workload, {{workload.buffers[0].words, out}});
}

TEST_CASE("the transpose lab's buffers: in rows x cols, out cols x rows", "[transpose]") {
  TransposeLab lab;
  Workload workload = lab.make_workload(make_case({3, 5}), 0);
  REQUIRE(workload.buffers.size() == 2);
  CHECK(workload.buffers[0].rows == 3);
  CHECK(workload.buffers[0].cols == 5);
  CHECK(workload.buffers[1].rows == 5);
  CHECK(workload.buffers[1].cols == 3);
  CHECK(workload.buffers[1].words.empty());  // outputs are poisoned in the arena, not sent
  CHECK(workload.buffers[0].words != lab.make_workload(make_case({3, 5}), 1).buffers[0].words);
  CHECK(lab.work(make_case({3, 5})).bytes == 2 * 4 * 15);
}

TEST_CASE("a right transpose passes, for square, rectangular and one-row shapes", "[transpose]") {
  for (std::vector<int64_t> size : {std::vector<int64_t>{64, 64}, {33, 65}, {1, 17}, {17, 1}}) {
    TestCase test_case = make_case(size);
    Workload workload = TransposeLab().make_workload(test_case, 0);
    CheckOutcome outcome = check_with(test_case, workload, transposed(workload));
    INFO(outcome.message);
    CHECK(outcome.status == CaseStatus::kPassed);
  }
}

TEST_CASE("a copy is told apart from a transpose, and says so", "[transpose]") {
  TestCase test_case = make_case({4, 6});
  Workload workload = TransposeLab().make_workload(test_case, 0);
  CheckOutcome outcome = check_with(test_case, workload, workload.buffers[0].words);
  CHECK(outcome.status == CaseStatus::kWrongAnswer);
  // out[0, 1] is in's element 1 (in[0, 1]) where in[1, 0] belongs.
  CHECK_THAT(outcome.message, Catch::Contains("of 24 elements of out are wrong; first: out[row 0, col 1]: expected "
                                              "in[1, 0] = "));
  CHECK_THAT(outcome.message, Catch::Contains("(that is in[0, 1]: the same linear index, a copy, not a transpose?)"));
}

TEST_CASE("a missing last tile shows as unwritten cells in the picture", "[transpose]") {
  TestCase test_case = make_case({40, 70});  // out is 70 x 40: tiles of 32 leave partial ones
  Workload workload = TransposeLab().make_workload(test_case, 0);
  std::vector<uint32_t> out = transposed(workload);
  for (int64_t row = 64; row < 70; ++row) {
    for (int64_t col = 0; col < 40; ++col) out[row * 40 + col] = kFloatPoison;
  }
  CheckOutcome outcome = check_with(test_case, workload, out);
  CHECK(outcome.status == CaseStatus::kWrongAnswer);
  CHECK_THAT(outcome.message, Catch::StartsWith("out has elements that were never written; 240 of 2800 were never "
                                                "written; first: out[row 64, col 0]: expected in[0, 64] = "));
  CHECK_THAT(outcome.details, Catch::Contains("|..|\n  |..|\n  |??|\n"));
}

TEST_CASE("the simulator runs a large transpose smaller, keeping remainders", "[transpose]") {
  TransposeLab lab;
  CHECK(lab.simulator_size({100, 37}) == std::vector<int64_t>{100, 37});
  const std::vector<int64_t> smaller = lab.simulator_size({8192, 8192});
  CHECK(smaller == std::vector<int64_t>{1024, 1024});
  const std::vector<int64_t> odd = lab.simulator_size({8191, 8197});
  CHECK(odd[0] % 64 == 8191 % 64);
  CHECK(odd[1] % 64 == 8197 % 64);
  CHECK(odd[0] * odd[1] <= (1 << 20) + 64 * 2048);
  CHECK(lab.simulator_size({1, 1 << 24})[0] == 1);
}

TEST_CASE("sizes past the interface's int are refused", "[transpose]") {
  TransposeLab lab;
  CHECK_FALSE(lab.size_problem({8192, 8192}));
  CHECK(lab.size_problem({65536, 65536}));
  CHECK(lab.size_problem({int64_t{1} << 31, 1}));
}

}  // namespace
}  // namespace cudagrade
