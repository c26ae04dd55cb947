#include "workflow_lint/workflow_check.h"

#include <catch2/catch.hpp>

namespace cudagrade {
namespace {

const char* const kGood = R"(name: ok
on:
  push:
  workflow_dispatch:
permissions:
  contents: read
  checks: write
defaults:
  run:
    shell: bash
jobs:
  build:
    runs-on: ubuntu-24.04
    steps:
      - uses: actions/checkout@v4
      - id: check
        run: echo "result=1" >> "$GITHUB_OUTPUT"
      - if: always() && steps.check.outputs.result != ''
        uses: ./local-action
        with:
          value: ${{ steps.check.outputs.result }}
  gpu:
    needs: build
    if: github.event_name != 'pull_request'
    runs-on: [self-hosted, gpu]
    steps:
      - run: echo "${{ needs.build.result }} ${{ secrets.TOKEN || github.token }}"
        shell: sh
)";

std::vector<std::string> messages(const std::string& workflow) {
  std::vector<std::string> found;
  for (const WorkflowProblem& problem : check_workflow(workflow)) found.push_back(problem.to_string());
  return found;
}

// The good workflow with one line replaced.
std::string broken(const std::string& line, const std::string& replacement) {
  std::string text = kGood;
  const size_t at = text.find(line);
  REQUIRE(at != std::string::npos);
  return text.replace(at, line.size(), replacement);
}

TEST_CASE("a well-formed workflow has no problems", "[package][workflow]") {
  CHECK(messages(kGood).empty());
}

TEST_CASE("a job without runs-on is caught, with its line", "[package][workflow]") {
  auto found = messages(broken("    runs-on: ubuntu-24.04\n", ""));
  REQUIRE(found.size() == 1);
  CHECK(found[0] == "line 12: job 'build' has no runs-on");
}

TEST_CASE("steps.<id> must name an earlier step of the same job", "[package][workflow]") {
  auto nope = messages(broken("${{ steps.check.outputs.result }}", "${{ steps.nope.outputs.x }}"));
  REQUIRE(nope.size() == 1);
  CHECK_THAT(nope[0], Catch::Contains("steps.nope names no step that runs before it"));
  // A later step, and a step of another job, are out of reach too.
  CHECK(messages(broken("      - uses: actions/checkout@v4\n", "      - run: echo ${{ steps.check.outputs.result }}\n"))
            .size() == 1);
  CHECK(messages(broken("${{ needs.build.result }}", "${{ steps.check.outputs.result }}")).size() == 1);
}

TEST_CASE("each broken rule is reported", "[package][workflow]") {
  using Catch::Contains;
  CHECK_THAT(messages(broken("name: ok\n", "")).at(0), Contains("no top-level 'name'"));
  CHECK_THAT(messages(broken("  workflow_dispatch:\n", "  pushh:\n")).at(0), Contains("'pushh' is not an event"));
  CHECK_THAT(messages(broken("  checks: write\n", "  checks: admin\n")).at(0), Contains("must be read, write or none"));
  CHECK_THAT(messages(broken("  checks: write\n", "  check: write\n")).at(0), Contains("not a permission scope"));
  CHECK_THAT(messages(broken("    needs: build\n", "    needs: [biuld]\n")).at(0), Contains("not a job here"));
  CHECK_THAT(messages(broken("    needs: build\n", "    needs: gpu\n")).at(0), Contains("needs itself"));
  CHECK_THAT(messages(broken("      - uses: actions/checkout@v4\n", "      - uses: actions/checkout\n")).at(0),
             Contains("is not owner/repo@ref"));
  CHECK_THAT(
      messages(broken("        uses: ./local-action\n", "        uses: ./local-action\n        run: ls\n")).at(0),
      Contains("exactly one of run and uses"));
  CHECK_THAT(messages(broken("      - uses: actions/checkout@v4\n", "      - name: nothing\n")).at(0),
             Contains("exactly one of run and uses"));
  CHECK_THAT(messages(broken("${{ secrets.TOKEN", "${{ secret.TOKEN")).at(0), Contains("unknown context 'secret'"));
  CHECK_THAT(messages(broken("|| github.token }}", "|| github.token }")).at(0), Contains("never closed"));
  CHECK_THAT(messages(broken("${{ needs.build.result }}", "${{ needs.gpu.result }}")).at(0),
             Contains("needs.gpu names no job this one needs"));
  CHECK_THAT(messages(broken("      - id: check\n", "      - id: check\n        timeout: 5\n")).at(0),
             Contains("unknown key 'timeout'"));
  CHECK_THAT(messages(broken("    if: github.event_name", "    if: github.event_nam == 'x' && fals(")).at(0),
             Contains("unknown function 'fals'"));
  CHECK_THAT(messages(broken("    steps:\n      - run: echo \"${{ needs",
                             "    steps: []\n    x:\n      - run: echo \"${{ needs"))
                 .at(0),
             Contains("job 'gpu' has an unknown key 'x'"));
}

TEST_CASE("not YAML at all is one problem, not an exception", "[package][workflow]") {
  auto found = messages("name: [unclosed\n");
  REQUIRE(found.size() == 1);
  CHECK_THAT(found[0], Catch::Contains("not a valid workflow"));
}

TEST_CASE("run scripts come with their shell and with expressions blanked", "[package][workflow]") {
  std::vector<RunScript> scripts = run_scripts(kGood);
  REQUIRE(scripts.size() == 2);
  CHECK(scripts[0].job == "build");
  CHECK(scripts[0].step == "check");
  CHECK(scripts[0].shell == "bash");
  CHECK(scripts[1].shell == "sh");
  CHECK(scripts[1].script.find("${{") == std::string::npos);
}

}  // namespace
}  // namespace cudagrade
