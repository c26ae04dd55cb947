#include "labdef/output_check.h"

#include <catch2/catch.hpp>
#include <cmath>
#include <cstring>

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

CheckOutcome judge(const Parameter& parameter, const Elements& got, const ExpectedOutput& expected,
                   Tolerance tolerance = {}, double grow = 1) {
  OutputUnderCheck output{&parameter, "out", 1, static_cast<int64_t>(got.size()), got, &expected, tolerance,
                          grow,       {},    {}};
  return check_output(output);
}

CheckOutcome judge(const Parameter& parameter, const std::vector<uint32_t>& got, const ExpectedOutput& expected,
                   Tolerance tolerance = {}, double grow = 1) {
  return judge(parameter, words_as_elements(got, element_type_of(parameter.type)), expected, tolerance, grow);
}

uint32_t word_of(float value) {
  uint32_t word;
  std::memcpy(&word, &value, sizeof word);
  return word;
}

template <typename T>
Elements elements_of(const std::vector<T>& values, ScalarType type) {
  return {reinterpret_cast<const std::byte*>(values.data()), values.size(), element_type_of(type)};
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
  OutputUnderCheck output{&out, "C", 4, 4, words_as_elements(got, ElementType::kFloat32), &want, {}, 1, {}, {}};
  const CheckOutcome outcome = check_output(output);
  CHECK(outcome.message == "1 of 16 checked elements of C are wrong; first: C[row 3, col 3]: expected 1, got 5");
  CHECK_THAT(outcome.details, Catch::Contains("C[row 3, col 3]"));
  CHECK(outcome.details.find('\n', outcome.details.find("got 5")) + 1 < outcome.details.size());  // the picture follows
}

TEST_CASE("double, int64_t and uint8_t outputs are judged at their own width", "[labdef][output_check]") {
  OutputCheck ulps;
  ulps.kind = OutputCheck::Kind::kUlps;
  ulps.ulps = 4;
  const Parameter doubles = output_of(ScalarType::kDouble, ulps);
  const double third = 1.0 / 3.0;
  // 2 ulps of a double is far below a float's one: a float-precision answer fails a double's ulps.
  CHECK(judge(doubles,
              elements_of(std::vector<double>{std::nextafter(std::nextafter(third, 1.0), 1.0)}, ScalarType::kDouble),
              expected_row({third}))
            .status == CaseStatus::kPassed);
  const CheckOutcome single = judge(
      doubles, elements_of(std::vector<double>{static_cast<float>(third)}, ScalarType::kDouble), expected_row({third}));
  CHECK(single.status == CaseStatus::kWrongAnswer);
  // Both values in full: six digits would read "0.333333" twice.
  CHECK(single.message ==
        "1 of 1 checked elements of out are wrong; first: out[0]: expected 0.3333333333333333, "
        "got 0.3333333432674408");
  std::vector<uint64_t> unwritten{kDoublePoison, kDoublePoison};
  CHECK_THAT(judge(doubles, elements_of(unwritten, ScalarType::kDouble), expected_row({1, 2})).message,
             Catch::Contains("2 of 2 were never written"));

  const Parameter counts = output_of(ScalarType::kInt64, {});
  ExpectedOutput big = expected_row({6e9, 1});
  CHECK(judge(counts, elements_of(std::vector<int64_t>{6000000000, 1}, ScalarType::kInt64), big).status ==
        CaseStatus::kPassed);
  CHECK(judge(counts, elements_of(std::vector<int64_t>{6000000000 - (int64_t{1} << 32), 1}, ScalarType::kInt64), big)
            .message == "1 of 2 checked elements of out are wrong; first: out[0]: expected 6000000000, got 1705032704");

  // A byte's poison (238) is a value like any other: an image holding it is right, not "never written".
  const Parameter gray = output_of(ScalarType::kUint8, {});
  CHECK(judge(gray, elements_of(std::vector<uint8_t>{238, 0, 255}, ScalarType::kUint8), expected_row({238, 0, 255}))
            .status == CaseStatus::kPassed);
  CHECK(judge(gray, elements_of(std::vector<uint8_t>{238, 1, 255}, ScalarType::kUint8), expected_row({238, 0, 255}))
            .message == "1 of 3 checked elements of out are wrong; first: out[1]: expected 0, got 1");
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
