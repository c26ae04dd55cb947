#include "check/order_judge.h"

#include <catch2/catch.hpp>

namespace cudagrade {
namespace {

const CheckOutcome kPassed{CaseStatus::kPassed, "", ""};
const CheckOutcome kWrong{CaseStatus::kWrongAnswer, "C[3][7] is 12, expected 14", "picture"};

TEST_CASE("a case right in both orders keeps its verdict", "[order]") {
  CHECK(judge_two_orders(kPassed, kPassed, SameOutput::kNo).status == CaseStatus::kPassed);
}

TEST_CASE("a case right in one order only is a race that quotes the wrong run", "[order]") {
  for (const auto& [first, second] : {std::pair{kPassed, kWrong}, std::pair{kWrong, kPassed}}) {
    const CheckOutcome verdict = judge_two_orders(first, second, SameOutput::kNo);
    CHECK(verdict.status == CaseStatus::kRace);
    CHECK_THAT(verdict.message, Catch::Contains("depends on the order in which threads run"));
    CHECK_THAT(verdict.message, Catch::EndsWith("C[3][7] is 12, expected 14"));
    CHECK(verdict.details == "picture");
  }
}

TEST_CASE("wrong the same way in both orders is the plain wrong answer", "[order]") {
  const CheckOutcome verdict = judge_two_orders(kWrong, kWrong, SameOutput::kYes);
  CHECK(verdict.status == CaseStatus::kWrongAnswer);
  CHECK(verdict.message == kWrong.message);
}

TEST_CASE("wrong differently in the two orders keeps the first wrong answer and says the order mattered", "[order]") {
  const CheckOutcome other{CaseStatus::kWrongAnswer, "C[0][0] is 1, expected 2", ""};
  const CheckOutcome verdict = judge_two_orders(kWrong, other, SameOutput::kNo);
  CHECK(verdict.status == CaseStatus::kWrongAnswer);
  CHECK(verdict.message == kWrong.message);
  CHECK_THAT(verdict.details, Catch::StartsWith("picture\n"));
  CHECK_THAT(verdict.details, Catch::Contains("changes with the order") && Catch::Contains("C[0][0] is 1"));
}

TEST_CASE("outputs compare byte for byte, buffer by buffer", "[order]") {
  const std::vector<uint32_t> a{1, 2, 3}, b{1, 2, 3}, c{1, 2, 4};
  const ReturnedSet first{{words_as_elements(a, ElementType::kFloat32)}};
  CHECK(compare_outputs(first, ReturnedSet{{words_as_elements(b, ElementType::kFloat32)}}) == SameOutput::kYes);
  CHECK(compare_outputs(first, ReturnedSet{{words_as_elements(c, ElementType::kFloat32)}}) == SameOutput::kNo);
  CHECK(compare_outputs(first, ReturnedSet{}) == SameOutput::kNo);
}

}  // namespace
}  // namespace cudagrade
