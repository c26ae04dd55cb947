#include "model/status.h"

#include <catch2/catch.hpp>
#include <vector>

namespace cudagrade {
namespace {

TEST_CASE("status names round-trip and match the report's contract", "[status]") {
  const std::vector<std::string> names = {"passed",   "wrong_answer", "race",     "host_compute",
                                          "compile_error", "timeout", "crashed", "rejected",
                                          "unsupported",   "skipped", "infra_error"};
  for (const std::string& name : names) {
    auto status = case_status_from_string(name);
    REQUIRE(status);
    CHECK(to_string(*status) == name);
  }
  CHECK_FALSE(case_status_from_string("ok"));
}

TEST_CASE("the verdict is the most severe case status, skipped cases do not count", "[status]") {
  using S = CaseStatus;
  CHECK(verdict_of(std::vector<S>{S::kPassed, S::kPassed}) == S::kPassed);
  CHECK(verdict_of(std::vector<S>{S::kPassed, S::kSkipped}) == S::kPassed);
  CHECK(verdict_of(std::vector<S>{S::kPassed, S::kWrongAnswer, S::kTimeout}) == S::kTimeout);
  CHECK(verdict_of(std::vector<S>{S::kWrongAnswer, S::kCrashed}) == S::kCrashed);
  CHECK(verdict_of(std::vector<S>{S::kCrashed, S::kInfraError}) == S::kInfraError);
  CHECK(verdict_of(std::vector<S>{S::kPassed, S::kHostCompute, S::kRace}) == S::kHostCompute);
  CHECK(verdict_of(std::vector<S>{S::kSkipped}) == S::kSkipped);
  CHECK(verdict_of(std::vector<S>{}) == S::kSkipped);
}

}  // namespace
}  // namespace cudagrade
