#include "workflow_lint/workflow_expressions.h"

#include <catch2/catch.hpp>

namespace cudagrade {
namespace {

TEST_CASE("expressions are found, including a '}}' inside a string literal", "[package][workflow]") {
  ExpressionScan scan = find_expressions("a ${{ github.ref }} b ${{ format('{0}}}', env.X) }} c");
  CHECK(scan.problems.empty());
  CHECK(scan.bodies == std::vector<std::string>{" github.ref ", " format('{0}}}', env.X) "});
}

TEST_CASE("an expression left open is a problem", "[package][workflow]") {
  ExpressionScan scan = find_expressions("echo ${{ steps.check.outputs.result }");
  REQUIRE(scan.problems.size() == 1);
  CHECK_THAT(scan.problems[0], Catch::Contains("never closed"));
}

TEST_CASE("context reads are collected with their paths, functions and literals are not contexts",
          "[package][workflow]") {
  ParsedExpression parsed = parse_expression(
      "always() && steps.check.outputs.result != '' && github.event.pull_request.head.repo.full_name == "
      "github.repository || secrets['MY_TOKEN'] || fromJSON(needs.cpu.outputs.x).score == true");
  CHECK(parsed.problems.empty());
  REQUIRE(parsed.accesses.size() == 5);
  CHECK(parsed.accesses[0].context == "steps");
  CHECK(parsed.accesses[0].path == std::vector<std::string>{"check", "outputs", "result"});
  CHECK(parsed.accesses[1].path.size() == 5);
  CHECK(parsed.accesses[3].context == "secrets");
  CHECK(parsed.accesses[3].path == std::vector<std::string>{"MY_TOKEN"});
  CHECK(parsed.accesses[4].context == "needs");
}

TEST_CASE("unknown contexts and functions and unterminated strings are problems", "[package][workflow]") {
  CHECK_THAT(parse_expression("step.check.outputs.result").problems.at(0), Catch::Contains("unknown context 'step'"));
  CHECK_THAT(parse_expression("toJson(github) && sucess()").problems.at(0),
             Catch::Contains("unknown function 'sucess'"));
  CHECK_THAT(parse_expression("github.ref == 'main").problems.at(0), Catch::Contains("unterminated string"));
}

TEST_CASE("blanking expressions keeps lengths and line breaks", "[package][workflow]") {
  CHECK(blank_expressions("echo \"${{ env.A }}\" ok") == "echo \"____________\" ok");
  CHECK(blank_expressions("x ${{ env.A\n}} y") == "x _________\n__ y");
}

}  // namespace
}  // namespace cudagrade
