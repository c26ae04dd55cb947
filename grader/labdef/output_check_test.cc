#include "labdef/output_check.h"

#include <catch2/catch.hpp>

#include <cmath>

#include "model/workload.h"

namespace cudagrade {
namespace {

Parameter output_of(ScalarType type, OutputCheck check) {
  Parameter parameter;
  parameter.name = "out";
  parameter.type = type;
  parameter.is_pointer = true;
  parameter.role = ParameterRole::kOutput;
  parameter.check = std::move(check);
  return parameter;
}

// One row of `values` as the reference's expected output.
ExpectedOutput expected_row(std::vector<double> values) {
  ExpectedOutput expected;
  expected.rows = {0};
  expected.cols = static_cast<int64_t>(values.size());
  expected.value.assign(values.begin(), values.end());
  return expected;
}

CheckOutcome judge(const Parameter& parameter, const std::vector<uint32_t>& got, const ExpectedOutput& expected,
                   Tolerance tolerance = {}, double grow = 1) {
  OutputUnderCheck output{&parameter, "out", 1, static_cast<int64_t>(got.size()), got, &expected, tolerance, grow};
  return check_output(output);
}

std::vector<uint32_t> floats(std::initializer_list<float> values) {
  std::vector<uint32_t> words;
  for (float value : values) words.push_back(word_of(value));
  return words;
}

std::vector<uint32_t> ints(std::initializer_list<int32_t> values) {
  std::vector<uint32_t> words;
  for (int32_t value : values) words.push_back(static_cast<uint32_t>(value));
  return words;
}

TEST_CASE("close: both tolerances, so an all-zero answer to small values still fails", "[labdef][output_check]") {
  OutputCheck close;
  close.kind = OutputCheck::Kind::kClose;
  const Parameter out = output_of(ScalarType::kFloat, close);
  const ExpectedOutput want = expected_row({1e-7, 2e-7, 1.0});
  CHECK(judge(out, floats({1e-7f, 2e-7f, 1.0f}), want, {1e-9, 1e-5}).status == CaseStatus::kPassed);
  const CheckOutcome zeros = judge(out, floats({0, 0, 0}), want, {1e-9, 1e-5});
  CHECK(zeros.status == CaseStatus::kWrongAnswer);
  CHECK(zeros.message == "3 of 3 checked elements of out are wrong; first: out[0]: expected 1e-07, got 0");
  // A bound that grows with the size: twice the slack passes what once did not.
  const std::vector<uint32_t> off = floats({1.0f + 1.5e-5f});
  CHECK(judge(out, off, expected_row({1.0}), {0, 1e-5}).status == CaseStatus::kWrongAnswer);
  CHECK(judge(out, off, expected_row({1.0}), {0, 1e-5}, 2).status == CaseStatus::kPassed);
  CHECK(judge(out, floats({NAN}), expected_row({1.0}), {1e30, 1}).status == CaseStatus::kWrongAnswer);
}

TEST_CASE("exact integers: a poisoned element is never written, a scalar says its value", "[labdef][output_check]") {
  Parameter scalar = output_of(ScalarType::kInt, {});
  std::string problem;
  scalar.length = Expression::parse("1", problem);  // one element whatever the sizes
  CHECK(judge(scalar, ints({42}), expected_row({42})).message == "out[0] = 42 is right");
  CHECK(judge(scalar, ints({40}), expected_row({42})).message == "out[0]: expected 42, got 40, off by -2");
  CHECK(judge(scalar, {kIntPoison}, expected_row({42})).message == "out[0] was never written (expected 42)");
  const Parameter out = output_of(ScalarType::kInt, {});
  CHECK(judge(out, ints({42}), expected_row({42})).message == "all elements of out are right");
  const CheckOutcome unwritten = judge(out, {kIntPoison, 7}, expected_row({-3, 7}));
  CHECK(unwritten.message == "1 of 2 checked elements of out are wrong; 1 of 2 were never written; first: out[0]: "
                             "expected -3, never written");
  CHECK(judge(out, ints({2147483647}), expected_row({2147483647.0})).status == CaseStatus::kPassed);
}

TEST_CASE("ulps: the distance in representable floats", "[labdef][output_check]") {
  OutputCheck ulps;
  ulps.kind = OutputCheck::Kind::kUlps;
  ulps.ulps = 2;
  const Parameter out = output_of(ScalarType::kFloat, ulps);
  const float one = 1.0f;
  CHECK(judge(out, floats({std::nextafter(std::nextafter(one, 2.0f), 2.0f)}), expected_row({1.0})).status == CaseStatus::kPassed);
  CHECK(judge(out, floats({std::nextafter(one + 2.4e-7f, 2.0f)}), expected_row({1.0})).status == CaseStatus::kWrongAnswer);
  CHECK(judge(out, floats({-0.0f}), expected_row({0.0})).status == CaseStatus::kPassed);
}

TEST_CASE("multiset and sorted outputs are judged without their order", "[labdef][output_check]") {
  OutputCheck multiset;
  multiset.kind = OutputCheck::Kind::kMultiset;
  const Parameter bag = output_of(ScalarType::kInt, multiset);
  CHECK(judge(bag, ints({3, 1, 2, 2}), expected_row({2, 1, 2, 3})).status == CaseStatus::kPassed);
  CHECK(judge(bag, ints({3, 1, 1, 2}), expected_row({2, 1, 2, 3})).message ==
        "out does not hold the expected values: 1 of 4 differ once both are sorted");
  OutputCheck sorted;
  sorted.kind = OutputCheck::Kind::kSorted;
  const Parameter ascending = output_of(ScalarType::kInt, sorted);
  CHECK(judge(ascending, ints({1, 2, 2, 3}), expected_row({2, 1, 2, 3})).status == CaseStatus::kPassed);
  CHECK(judge(ascending, ints({1, 2, 3, 2}), expected_row({2, 1, 2, 3})).message ==
        "out is not in ascending order: out[2] = 3 comes before out[3] = 2");
  CHECK(judge(ascending, {1, 2, 3, kIntPoison}, expected_row({2, 1, 2, 3})).message == "1 of 4 elements of out were never written");
}

TEST_CASE("a wrong matrix names rows and columns and draws its tiles", "[labdef][output_check]") {
  Parameter out = output_of(ScalarType::kFloat, {});
  out.picture_tile = 2;
  std::string problem;
  out.rows = Expression::parse("4", problem);  // a declared shape: elements are named by row and column
  out.cols = Expression::parse("4", problem);
  ExpectedOutput want;
  want.rows = {0, 1, 2, 3};
  want.cols = 4;
  want.value.assign(16, 1.0);
  std::vector<uint32_t> got(16, word_of(1.0f));
  got[15] = word_of(5.0f);
  OutputUnderCheck output{&out, "C", 4, 4, got, &want, {}, 1};
  const CheckOutcome outcome = check_output(output);
  CHECK(outcome.message == "1 of 16 checked elements of C are wrong; first: C[row 3, col 3]: expected 1, got 5");
  CHECK_THAT(outcome.details, Catch::Contains("C[row 3, col 3]"));
  CHECK(outcome.details.find('\n', outcome.details.find("got 5")) + 1 < outcome.details.size());  // the picture follows
}

TEST_CASE("outcomes of several outputs combine", "[labdef][output_check]") {
  const CheckOutcome both = combine_outcomes({{CaseStatus::kPassed, "a is right", ""}, {CaseStatus::kWrongAnswer, "b is wrong", "d"}});
  CHECK(both.status == CaseStatus::kWrongAnswer);
  CHECK(both.message == "b is wrong");
  CHECK(combine_outcomes({{CaseStatus::kPassed, "a is right", ""}, {CaseStatus::kPassed, "b is right", ""}}).message ==
        "a is right; b is right");
}

}  // namespace
}  // namespace cudagrade
