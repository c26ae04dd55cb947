#include "labs/reduction/reduction_lab.h"

#include <catch2/catch.hpp>

#include "model/workload.h"

namespace cudagrade {
namespace {

TestCase make_case(int64_t n) {
  TestCase test_case;
  test_case.name = "t";
  test_case.size = {n};
  test_case.seed = 99;
  return test_case;
}

CheckOutcome check_with(const Workload& workload, uint32_t out) {
  ReductionLab lab;
  std::vector<uint32_t> result = {out};
  return lab.check(make_case(workload.dims[0]), workload, {{workload.buffers[0].words, result, {}}});
}

TEST_CASE("the sum wraps like 32-bit adds on the GPU", "[reduction]") {
  std::vector<uint32_t> words = {word_of(INT32_MAX), word_of(int32_t{1})};
  CHECK(wrapped_sum(words) == INT32_MIN);
}

TEST_CASE("a right sum passes, wrong and unwritten ones say what happened", "[reduction]") {
  ReductionLab lab;
  Workload workload = lab.make_workload(make_case(1000), 0);
  REQUIRE(workload.buffers.size() == 3);
  CHECK(workload.buffers[2].size() == 1000);  // scratch of n ints
  const int32_t want = wrapped_sum(workload.buffers[0].words);
  CHECK(check_with(workload, word_of(want)).status == CaseStatus::kPassed);

  CheckOutcome unwritten = check_with(workload, kIntPoison);
  CHECK(unwritten.status == CaseStatus::kWrongAnswer);
  CHECK_THAT(unwritten.message, Catch::StartsWith("out[0] was never written"));

  const int32_t last = int_at(workload.buffers[0].words, 999);
  REQUIRE(last != 0);
  REQUIRE(last != int_at(workload.buffers[0].words, 0));
  CheckOutcome dropped = check_with(workload, word_of(want - last));
  CHECK(dropped.status == CaseStatus::kWrongAnswer);
  CHECK_THAT(dropped.message, Catch::Contains("the last element was dropped?"));
}

}  // namespace
}  // namespace cudagrade
