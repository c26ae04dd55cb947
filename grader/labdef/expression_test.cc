#include "labdef/expression.h"

#include <catch2/catch.hpp>

namespace cudagrade {
namespace {

int64_t value_of(const std::string& text, const SizeValues& sizes = {}) {
  std::string problem;
  const std::optional<Expression> expression = Expression::parse(text, problem);
  INFO(text << ": " << problem);
  REQUIRE(expression);
  const Evaluation evaluation = expression->evaluate(sizes);
  INFO(evaluation.problem);
  REQUIRE(evaluation.value);
  return *evaluation.value;
}

std::string evaluation_problem(const std::string& text, const SizeValues& sizes) {
  std::string problem;
  const std::optional<Expression> expression = Expression::parse(text, problem);
  REQUIRE(expression);
  const Evaluation evaluation = expression->evaluate(sizes);
  CHECK_FALSE(evaluation.value);
  return evaluation.problem;
}

std::string parse_problem(const std::string& text) {
  std::string problem;
  CHECK_FALSE(Expression::parse(text, problem));
  return problem;
}

TEST_CASE("lengths are C arithmetic over the size fields", "[labdef][expression]") {
  CHECK(value_of("rows * cols", {{"rows", 3}, {"cols", 5}}) == 15);
  CHECK(value_of("(2 * radius + 1) * (2 * radius + 1)", {{"radius", 2}}) == 25);
  CHECK(value_of("n + 1", {{"n", 7}}) == 8);
  CHECK(value_of("2 + 3 * 4 - 10 / 3 % 2") == 13);
  CHECK(value_of("-(4 - 6) * 3") == 6);
  CHECK(value_of("min(n, 5) + max(n, 5)", {{"n", 9}}) == 14);
}

TEST_CASE("constraints compare, shift and combine as in C", "[labdef][expression]") {
  CHECK(value_of("1 << 31") == 2147483648);
  CHECK(value_of("rows * cols < 1 << 31", {{"rows", 1 << 16}, {"cols", 1 << 15}}) == 0);
  CHECK(value_of("rows * cols < 1 << 31", {{"rows", 1 << 16}, {"cols", 1 << 14}}) == 1);
  CHECK(value_of("n >= 1 && n <= 1024", {{"n", 1024}}) == 1);
  CHECK(value_of("n < 1 || n > 1024", {{"n", 1024}}) == 0);
  CHECK(value_of("!(n == 3) && n != 4", {{"n", 5}}) == 1);
  // The right side of && is not evaluated once the left decides, so a guard protects a division.
  CHECK(value_of("k != 0 && n / k > 2", {{"n", 5}, {"k", 0}}) == 0);
}

TEST_CASE("sqrt rounds up, so a tolerance grown by it is never too tight", "[labdef][expression]") {
  CHECK(value_of("sqrt(n)", {{"n", 16}}) == 4);
  CHECK(value_of("sqrt(n)", {{"n", 17}}) == 5);
  CHECK(value_of("sqrt(n)", {{"n", 0}}) == 0);
  CHECK(value_of("sqrt(n)", {{"n", int64_t{1} << 62}}) == int64_t{1} << 31);
}

TEST_CASE("log2 rounds up: a tree of n leaves has log2(n) levels", "[labdef][expression]") {
  CHECK(value_of("log2(n)", {{"n", 1}}) == 0);
  CHECK(value_of("log2(n)", {{"n", 1024}}) == 10);
  CHECK(value_of("1 + log2(n)", {{"n", 1025}}) == 12);
  CHECK(evaluation_problem("log2(n)", {{"n", 0}}) == "'log2(n)': takes log2 of a number below 1");
}

TEST_CASE("an expression names the size fields it reads", "[labdef][expression]") {
  std::string problem;
  const std::optional<Expression> expression = Expression::parse("rows * cols + rows", problem);
  REQUIRE(expression);
  CHECK(expression->names() == std::vector<std::string>{"rows", "cols"});
}

TEST_CASE("overflow, division by zero and unknown names are errors, never a wrapped value", "[labdef][expression]") {
  CHECK(evaluation_problem("a * b", {{"a", int64_t{1} << 40}, {"b", int64_t{1} << 40}}) == "'a * b': overflows 64 bits");
  CHECK(evaluation_problem("n / (n - n)", {{"n", 3}}) == "'n / (n - n)': divides by zero");
  CHECK(evaluation_problem("rows * colls", {{"rows", 3}}) == "'rows * colls': 'colls' is not a size field");
  CHECK(evaluation_problem("1 << n", {{"n", 63}}) == "'1 << n': a shift out of range");
}

TEST_CASE("a syntax error says at which column", "[labdef][expression]") {
  CHECK(parse_problem("rows * ") == "at column 8: the expression ends too soon");
  CHECK(parse_problem("(n + 1") == "at column 7: ')' expected");
  CHECK(parse_problem("n $ 2") == "at column 3: unexpected '$'");
  CHECK(parse_problem("min(n)") == "at column 6: ',' expected: min and max take two arguments");
  CHECK(parse_problem("99999999999999999999") == "at column 1: the number is too large");
}

}  // namespace
}  // namespace cudagrade
