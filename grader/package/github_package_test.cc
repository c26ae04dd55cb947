#include "package/github_package.h"

#include <fmt/format.h>

#include <catch2/catch.hpp>
#include <fstream>
#include <regex>
#include <sstream>

#include "core/files.h"
#include "core/command_runner.h"
#include "core/temp_dir.h"
#include "core/version.h"
#include "labs/registry.h"
#include "workflow_lint/script_check.h"
#include "workflow_lint/workflow_check.h"

namespace cudagrade {
namespace {

namespace fs = std::filesystem;

PackageRequest request_for(const Lab& lab, const fs::path& out) {
  return {ProjectPaths::discover("", ""), {lab.name(), lab.submission_file()}, out};
}

std::string problems_of(const std::string& workflow) {
  std::string found;
  for (const WorkflowProblem& problem : check_workflow(workflow)) found += problem.to_string() + "\n";
  return found;
}

std::string replaced(std::string text, const std::string& from, const std::string& to) {
  const size_t at = text.find(from);
  REQUIRE(at != std::string::npos);
  return text.replace(at, from.size(), to);
}

// The workflow's "Check <file>" step on GitHub's runner, run as GitHub runs it, with a stand-in cudagrade
// that exits with `code`.
// The stand-in writes its arguments, one a line, to args.txt in the workspace; a starter's course folder
// (`course`, when given) is copied there as the checkout would hold it.
CommandResult run_cpu_check(const std::string& workflow, int code, const TempDir& dir, const fs::path& course = {}) {
  const fs::path workspace = dir.path() / fmt::format("workspace-{}", code);
  fs::create_directories(workspace / ".cudagrade" / "build");
  if (!course.empty()) fs::copy(course, workspace / kCourseFolder, fs::copy_options::recursive);
  std::ofstream(workspace / ".cudagrade" / "build" / "cudagrade")
      << fmt::format("#!/bin/sh\nprintf '%s\\n' \"$@\" > args.txt\nexit {}\n", code);
  fs::permissions(workspace / ".cudagrade" / "build" / "cudagrade", fs::perms(0755));
  for (const RunScript& script : run_scripts(workflow)) {
    if (script.job != "cpu" || script.step.rfind("Check ", 0) != 0) continue;
    std::ofstream(workspace / "step.sh") << script.script;
    SubprocessCommandRunner runner;
    return runner.run({"env", "LAB=matmul", "SUBMISSION=matmul.cu", "bash", "-c",
                       "cd \"$0\" && exec bash --noprofile --norc -eo pipefail step.sh", workspace.string()},
                      std::chrono::seconds(30));
  }
  FAIL("the workflow has no Check step in the cpu job");
  return {};
}

TEST_CASE("the starter repository holds the skeleton byte for byte, the workflow and a badge", "[package][github]") {
  for (const Lab* lab : all_labs()) {
    INFO(lab->name());
    TempDir dir(TempDir::Medium::kDisk);
    const PackageRequest request = request_for(*lab, dir.path() / "repo");
    PackageResult result = write_github_package(request, {"my-course/cudagrade", "v2"});
    REQUIRE(result.outcome == PackageOutcome::kWritten);
    const fs::path skeleton = request.paths.skeleton_dir(lab->name());
    for (const auto& entry : fs::directory_iterator(skeleton)) {
      const fs::path copy = request.out / entry.path().filename();
      if (entry.path().filename() == "README.md") {
        const std::string readme = read_file(copy), original = read_file(entry.path());
        CHECK(readme.rfind("[![cudagrade](../../actions/workflows/cudagrade.yml/badge.svg)]", 0) == 0);
        CHECK(readme.substr(readme.size() - original.size()) == original);
      } else {
        CHECK(read_file(copy) == read_file(entry.path()));
      }
    }
    CHECK(fs::exists(request.out / lab->submission_file()));
    CHECK_THAT(read_file(request.out / ".gitignore"), Catch::Contains(".cudagrade/"));
    const std::string workflow = read_file(request.out / kWorkflowFile);
    CHECK(problems_of(workflow).empty());
    CHECK_THAT(workflow, Catch::Contains("repository: my-course/cudagrade") && Catch::Contains("ref: v2") &&
                             Catch::Contains("runs-on: [self-hosted, gpu]") && Catch::Contains("--backend gpu") &&
                             Catch::Contains("-DCUDAGRADE_BUILD_TESTS=OFF") && !Catch::Contains("cuda-toolkit") &&
                             Catch::Contains("SUBMISSION: " + lab->submission_file()) &&
                             Catch::Contains("classroom-resources/autograding-grading-reporter@"));
  }
}

TEST_CASE("the structural check catches a broken copy of the generated workflow", "[package][github]") {
  TempDir dir(TempDir::Medium::kDisk);
  const PackageRequest request = request_for(*find_lab("matmul"), dir.path() / "repo");
  REQUIRE(write_github_package(request, {}).outcome == PackageOutcome::kWritten);
  const std::string workflow = read_file(request.out / kWorkflowFile);
  CHECK_THAT(problems_of(replaced(workflow, "    runs-on: ubuntu-24.04\n", "")),
             Catch::Contains("job 'cpu' has no runs-on"));
  CHECK_THAT(problems_of(replaced(workflow, "${{ steps.cudagrade.outputs.result }}", "${{ steps.nope.outputs.x }}")),
             Catch::Contains("steps.nope names no step"));
  CHECK_THAT(problems_of(replaced(workflow, "    runs-on: [self-hosted, gpu]\n", "    needs: build\n    runs-on: [self-hosted, gpu]\n")),
             Catch::Contains("needs 'build', which is not a job here"));
}

// Every `uses:` line of a workflow, trimmed.
std::vector<std::string> uses_lines(const std::string& workflow) {
  std::vector<std::string> lines;
  std::istringstream in(workflow);
  for (std::string line; std::getline(in, line);) {
    const size_t at = line.find("uses: ");
    if (at != std::string::npos) lines.push_back(line.substr(at));
  }
  return lines;
}

TEST_CASE("the workflow stays fixed for the term: actions by commit, cudagrade at the packaging commit",
          "[package][github]") {
  TempDir dir(TempDir::Medium::kDisk);
  const PackageRequest request = request_for(*find_lab("matmul"), dir.path() / "repo");
  REQUIRE(write_github_package(request, {"my-course/cudagrade", ""}).outcome == PackageOutcome::kWritten);
  const std::string workflow = read_file(request.out / kWorkflowFile);
  const std::regex pinned(R"(uses: [\w.-]+/[\w.-]+@[0-9a-f]{40} # v[0-9.]+)");
  const std::vector<std::string> uses = uses_lines(workflow);
  CHECK(uses.size() >= 6);
  for (const std::string& line : uses) {
    INFO(line);
    CHECK(std::regex_match(line, pinned));
  }
  // No ref is left to move under a course: the grader's own commit, unless --grader-ref named one.
  CHECK_THAT(workflow, Catch::Contains("ref: " + grader_version().commit + "\n"));
  CHECK(pinned_grader_ref({"my-course/cudagrade", "v2.1"}) == "v2.1");
  // A token in .git/config would be readable by the student's code that the job then runs.
  size_t checkouts = 0;
  for (size_t at = 0; (at = workflow.find("uses: actions/checkout@", at)) != std::string::npos; ++at) ++checkouts;
  size_t dropped = 0;
  for (size_t at = 0; (at = workflow.find("persist-credentials: false", at)) != std::string::npos; ++at) ++dropped;
  CHECK(checkouts == 4);
  CHECK(dropped == checkouts);
  CHECK_THAT(workflow, Catch::Contains("permissions:\n  contents: read\n\n"));
}

TEST_CASE("without a GPU runner the cpu job grades in the simulator and its score reaches Classroom",
          "[package][github]") {
  TempDir dir(TempDir::Medium::kDisk);
  const PackageRequest request = request_for(*find_lab("matmul"), dir.path() / "repo");
  REQUIRE(write_github_package(request, {}).outcome == PackageOutcome::kWritten);
  const std::string workflow = read_file(request.out / kWorkflowFile);
  const std::string cpu = workflow.substr(workflow.find("\n  cpu:\n"), workflow.find("\n  gpu:\n") - workflow.find("\n  cpu:\n"));
  const std::string gpu = workflow.substr(workflow.find("\n  gpu:\n"));
  CHECK_THAT(cpu, Catch::Contains("--backend sim") && Catch::Contains("install-deps.sh --runtime") &&
                      Catch::Contains("autograding-grading-reporter") &&
                      Catch::Contains("vars.CUDAGRADE_GPU_RUNNER != 'true'") && Catch::Contains("actions/cache@"));
  // No CUDA on GitHub's runner: the simulator needs none.
  CHECK_THAT(cpu, !Catch::Contains("cuda-") && !Catch::Contains("--cuda") && !Catch::Contains("nvidia"));
  // The gpu job neither waits for the cpu job nor for a runner that does not exist.
  CHECK_THAT(gpu, !Catch::Contains("needs:") && Catch::Contains("vars.CUDAGRADE_GPU_RUNNER == 'true'"));
  CHECK_THAT(workflow, !Catch::Contains("until the CPU simulator") && !Catch::Contains("only compiles"));
}

TEST_CASE("the workflow's scripts pass bash -n and shellcheck", "[package][github]") {
  TempDir dir(TempDir::Medium::kDisk);
  const PackageRequest request = request_for(*find_lab("matmul"), dir.path() / "repo");
  REQUIRE(write_github_package(request, {}).outcome == PackageOutcome::kWritten);
  SubprocessCommandRunner runner;
  int index = 0;
  for (const RunScript& script : run_scripts(read_file(request.out / kWorkflowFile))) {
    INFO(script.job << ": " << script.step << "\n" << script.script);
    const fs::path file = dir.path() / fmt::format("step-{}.sh", ++index);
    std::ofstream(file) << script.script;
    REQUIRE(script.shell == "bash");
    ScriptCheck syntax = check_bash_syntax(file, runner);
    INFO(syntax.output);
    CHECK(syntax.outcome == ScriptCheck::Outcome::kClean);
    // As actionlint runs it: the variables GitHub sets are unknown to shellcheck (SC2154), and a blanked
    // expression can look constant (SC2050, SC2157).
    ScriptCheck lint = run_shellcheck(file, "bash", runner, {"SC2154", "SC2050", "SC2157"});
    if (lint.outcome == ScriptCheck::Outcome::kToolMissing) {
      WARN("SKIPPED shellcheck of the workflow's scripts: shellcheck is not installed");
      continue;
    }
    INFO(lint.output);
    CHECK(lint.outcome == ScriptCheck::Outcome::kClean);
  }
  CHECK(index >= 5);
}

TEST_CASE("on GitHub's runner, exit code 3 only warns, a compile error or a bad case file fails", "[package][github]") {
  TempDir dir(TempDir::Medium::kDisk);
  const PackageRequest request = request_for(*find_lab("matmul"), dir.path() / "repo");
  REQUIRE(write_github_package(request, {}).outcome == PackageOutcome::kWritten);
  const std::string workflow = read_file(request.out / kWorkflowFile);
  CommandResult no_runner = run_cpu_check(workflow, 3, dir);
  CHECK(no_runner.outcome == CommandResult::Outcome::kSucceeded);
  CHECK_THAT(no_runner.output, Catch::StartsWith("::warning title="));
  CHECK(run_cpu_check(workflow, 0, dir).outcome == CommandResult::Outcome::kSucceeded);
  CHECK(run_cpu_check(workflow, 1, dir).status.code == 1);
  CHECK(run_cpu_check(workflow, 2, dir).status.code == 2);
}

TEST_CASE("the grader repository and ref must be names GitHub allows", "[package][github]") {
  CHECK_FALSE(grader_repo_problem("my-course/cudagrade.git"));
  CHECK(grader_repo_problem("cudagrade"));
  CHECK(grader_repo_problem("a/b/c"));
  CHECK(grader_repo_problem("a/b\nsteps: []"));
  CHECK_FALSE(grader_ref_problem("release/2025-fall"));
  CHECK_FALSE(grader_ref_problem("0123abcd"));
  CHECK(grader_ref_problem("-x"));
  CHECK(grader_ref_problem("main # comment"));
}

TEST_CASE("next steps name the runner label and the grader repository", "[package][github]") {
  const PackageRequest request = request_for(*find_lab("matmul"), "/tmp/x");
  const std::string steps = github_next_steps(request, {"my-course/cudagrade", "main"});
  CHECK_THAT(steps, Catch::Contains("my-course/cudagrade") && Catch::Contains("`gpu`"));
}

// A course's own lab (tests/data/course, as --root COURSE gives it) travels in the starter as students may see
// it, and the workflow grades with it.
TEST_CASE("a course's own lab travels in the starter without its reference kernels or hidden cases",
          "[package][github]") {
  TempDir dir(TempDir::Medium::kDisk);
  const ProjectPaths source = ProjectPaths::discover("", "");
  const PackageRequest request{ProjectPaths::discover((source.root / "tests" / "data" / "course").string(), ""),
                               {"row_stats", "row_stats.cu"},
                               dir.path() / "repo"};
  REQUIRE(write_github_package(request, {"my-course/cudagrade", "v2"}).outcome == PackageOutcome::kWritten);
  const fs::path course = request.out / kCourseFolder;
  CHECK(read_file(course / "labs" / "row_stats" / "lab.yaml") ==
        read_file(request.paths.lab_dir("row_stats") / "lab.yaml"));
  CHECK(fs::exists(course / "labs" / "row_stats" / "reference.cc"));
  CHECK(fs::exists(course / "skeleton" / "row_stats" / "row_stats.cuh"));
  CHECK(fs::exists(course / "reference" / "row_stats" / "WITHHELD"));  // and no kernel beside it
  CHECK(std::distance(fs::directory_iterator(course / "reference" / "row_stats"), fs::directory_iterator()) == 1);
  const std::string cases = read_file(course / "testcases" / "row_stats.yaml");
  CHECK_THAT(cases, Catch::Contains("long-rows-2x400000") && !Catch::Contains("hidden-13x77"));
  CHECK(fs::exists(request.out / "row_stats.cu"));

  const std::string workflow = read_file(request.out / kWorkflowFile);
  CHECK(problems_of(workflow).empty());
  REQUIRE(run_cpu_check(workflow, 0, dir, course).outcome == CommandResult::Outcome::kSucceeded);
  CHECK_THAT(read_file(dir.path() / "workspace-0" / "args.txt"),
             Catch::StartsWith("--root\n.cudagrade-course\ncheck\n"));
}

}  // namespace
}  // namespace cudagrade
