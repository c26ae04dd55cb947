#include "package/gradescope_package.h"

#include <fmt/format.h>

#include <catch2/catch.hpp>
#include <unistd.h>

#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "core/files.h"
#include "core/command_runner.h"
#include "core/temp_dir.h"
#include "core/version.h"
#include "labs/registry.h"
#include "workflow_lint/script_check.h"

namespace cudagrade {
namespace {

namespace fs = std::filesystem;

void write(const fs::path& path, const std::string& text, fs::perms perms = fs::perms(0644)) {
  fs::create_directories(path.parent_path());
  std::ofstream(path, std::ios::binary) << text;
  fs::permissions(path, perms);
}

bool executable(const fs::path& path) {
  return (fs::status(path).permissions() & fs::perms::owner_exec) != fs::perms::none;
}

// One Gradescope container: the package's autograder/ unpacked as ROOT/source, run_autograder copied to
// ROOT/, and a stand-in for the built cudagrade.
class FakeAutograder {
 public:
  // Run as root, run_autograder starts the grader as nobody: the stand-in must be able to reach its files
  // and write what it records (fake-out/), as a real cudagrade reaches its own.
  FakeAutograder(const fs::path& package, const fs::path& root) : root_(root) {
    fs::create_directories(root / "submission");
    fs::create_directories(root / "fake-out");
    fs::copy(package / kAutograderFolder, root / "source", fs::copy_options::recursive);
    fs::copy_file(package / kAutograderFolder / "run_autograder", root / "run_autograder");
    fs::permissions(root.parent_path(), fs::perms(0755));  // the package's own scratch folder
    fs::permissions(root, fs::perms(0755));
    fs::permissions(root / "fake-out", fs::perms::all);
  }

  // The stand-in prints `stdout_text`, `stderr_text`, records its arguments and its user, runs `extra` (a
  // shell line) and exits with `code`.
  void grader(const std::string& stdout_text, const std::string& stderr_text, int code, const std::string& extra = "") {
    write(root_ / "stdout.txt", stdout_text);
    write(root_ / "stderr.txt", stderr_text);
    write(root_ / "fake-cudagrade",
          fmt::format("#!/usr/bin/env bash\nprintf '%s\\n' \"$@\" > '{0}/fake-out/args.txt'\n"
                      "id -u > '{0}/fake-out/uid.txt'\ncat > '{0}/fake-out/stdin.txt'\ncat '{0}/stdout.txt'\n"
                      "cat '{0}/stderr.txt' >&2\n{2}\nexit {1}\n",
                      root_.string(), code, extra),
          fs::perms(0755));
  }

  // `settings`: more NAME=value words for run_autograder's environment.
  CommandResult run(const std::vector<std::string>& settings = {}) {
    SubprocessCommandRunner runner;
    std::vector<std::string> command = {"env", "CUDAGRADE_AUTOGRADER_ROOT=" + root_.string(),
                                        "CUDAGRADE_BIN=" + (root_ / "fake-cudagrade").string()};
    command.insert(command.end(), settings.begin(), settings.end());
    command.push_back((root_ / "run_autograder").string());
    return runner.run(command, std::chrono::seconds(30));
  }

  nlohmann::json results() const { return nlohmann::json::parse(read_file(root_ / "results" / "results.json")); }
  std::string args() const { return read_file(root_ / "fake-out" / "args.txt"); }
  std::string user_id() const { return read_file(root_ / "fake-out" / "uid.txt"); }
  std::string cases_given() const { return read_file(root_ / "fake-out" / "stdin.txt"); }
  const fs::path& root() const { return root_; }

 private:
  fs::path root_;
};

struct Package {
  TempDir dir{TempDir::Medium::kDisk};
  PackageRequest request{ProjectPaths::discover("", ""), {"matmul", "matmul.cu"}, dir.path() / "gradescope"};
  PackageResult result = write_gradescope_package(request);
};

TEST_CASE("the autograder holds setup.sh, run_autograder and the sources the build needs", "[package][gradescope]") {
  Package package;
  REQUIRE(package.result.outcome == PackageOutcome::kWritten);
  const fs::path out = package.request.out;
  const fs::path autograder = out / kAutograderFolder;
  const fs::path source = autograder / kSourceFolder;
  const ProjectPaths& paths = package.request.paths;
  CHECK(executable(autograder / "setup.sh"));
  CHECK(executable(autograder / "run_autograder"));
  CHECK(executable(source / "scripts" / "install-deps.sh"));
  CHECK(read_file(source / "CMakeLists.txt") == read_file(paths.root / "CMakeLists.txt"));
  CHECK(read_file(source / "testcases" / "matmul.yaml") == read_file(paths.testcases_file("matmul")));
  CHECK(fs::exists(source / "grader" / "main.cc"));
  CHECK(fs::exists(source / "grader" / "harness"));
  for (const auto& entry : fs::directory_iterator(paths.skeleton_dir("matmul"))) {
    CHECK(read_file(source / "skeleton" / "matmul" / entry.path().filename()) == read_file(entry.path()));
  }
  for (const std::string& name : paths.reference_names("matmul")) {
    CHECK(read_file(source / "reference" / "matmul" / (name + ".cu")) == read_file(paths.reference_file("matmul", name)));
  }
  CHECK_FALSE(fs::exists(source / "skeleton" / "reduction"));  // only the packaged lab
  CHECK_FALSE(fs::exists(source / "tests"));
  CHECK_THAT(read_file(out / "README.md"), Catch::Contains("no GPU") && Catch::Contains("CPU simulator"));
  CHECK_THAT(
      read_file(autograder / "run_autograder"),
      Catch::Contains("check \"$lab\" \"$submission\" --backend \"$backend\" --include-hidden --format gradescope"));
  CHECK_THAT(read_file(autograder / "setup.sh"), Catch::Contains("-DCUDAGRADE_BUILD_TESTS=OFF"));
}

TEST_CASE("autograder.zip holds exactly autograder/, with setup.sh and run_autograder at its root",
          "[package][gradescope]") {
  Package package;
  REQUIRE(package.result.outcome == PackageOutcome::kWritten);
  const fs::path zip = package.request.out / kAutograderZip;
  REQUIRE(fs::file_size(zip) > 0);
  SubprocessCommandRunner runner;
  CommandResult listing = runner.run({"unzip", "-Z1", zip.string()}, std::chrono::seconds(30));
  if (listing.outcome == CommandResult::Outcome::kNotStarted) {
    WARN("SKIPPED listing autograder.zip: unzip is not installed (zip_writer_test checks the format itself)");
    return;
  }
  REQUIRE(listing.outcome == CommandResult::Outcome::kSucceeded);
  std::vector<std::string> listed, expected;
  std::istringstream lines(listing.output);
  for (std::string line; std::getline(lines, line);) listed.push_back(line);
  const fs::path autograder = package.request.out / kAutograderFolder;
  for (const auto& entry : fs::recursive_directory_iterator(autograder)) {
    if (entry.is_regular_file()) expected.push_back(entry.path().lexically_relative(autograder).generic_string());
  }
  std::sort(listed.begin(), listed.end());
  std::sort(expected.begin(), expected.end());
  CHECK(listed == expected);
  CHECK(std::find(listed.begin(), listed.end(), "setup.sh") != listed.end());
  CHECK(std::find(listed.begin(), listed.end(), "run_autograder") != listed.end());
}

TEST_CASE("setup.sh and run_autograder pass bash -n and shellcheck", "[package][gradescope]") {
  Package package;
  REQUIRE(package.result.outcome == PackageOutcome::kWritten);
  SubprocessCommandRunner runner;
  for (const char* name : {"setup.sh", "run_autograder"}) {
    INFO(name);
    const fs::path script = package.request.out / kAutograderFolder / name;
    ScriptCheck syntax = check_bash_syntax(script, runner);
    INFO(syntax.output);
    CHECK(syntax.outcome == ScriptCheck::Outcome::kClean);
    ScriptCheck lint = run_shellcheck(script, "bash", runner);
    if (lint.outcome == ScriptCheck::Outcome::kToolMissing) {
      WARN("SKIPPED shellcheck of " << name << ": shellcheck is not installed");
      continue;
    }
    INFO(lint.output);
    CHECK(lint.outcome == ScriptCheck::Outcome::kClean);
  }
}

TEST_CASE("run_autograder passes cudagrade's results.json through", "[package][gradescope]") {
  Package package;
  REQUIRE(package.result.outcome == PackageOutcome::kWritten);
  FakeAutograder gradescope(package.request.out, package.dir.path() / "root");
  write(gradescope.root() / "submission" / "matmul.cu", "// a submission\n");
  gradescope.grader(R"({"score": 7.5, "tests": [{"name": "square-16", "score": 1, "max_score": 1}]})", "", 1);
  CommandResult run = gradescope.run();
  INFO(run.output);
  REQUIRE(run.outcome == CommandResult::Outcome::kSucceeded);
  CHECK(gradescope.results()["score"] == 7.5);
  CHECK(gradescope.args() == fmt::format("check\nmatmul\n{}\n--backend\nauto\n--include-hidden\n--format\ngradescope\n"
                                         "--sandbox\nauto\n--cases\n/dev/stdin\n",
                                         (gradescope.root() / "submission" / "matmul.cu").string()));
  // The hidden cases came on a pipe: the grading user needs no access to testcases/.
  CHECK(gradescope.cases_given() == read_file(gradescope.root() / "source" / "cudagrade" / "testcases" / "matmul.yaml"));
}

TEST_CASE("as root, run_autograder grades as nobody and writes results.json once no process of it is left",
          "[package][gradescope]") {
  if (geteuid() != 0) {
    WARN("not root here, so run_autograder cannot change user and this is not tested");
    return;
  }
  Package package;
  REQUIRE(package.result.outcome == PackageOutcome::kWritten);
  FakeAutograder gradescope(package.request.out, package.dir.path() / "root");
  write(gradescope.root() / "submission" / "matmul.cu", "// a submission\n");
  // A process in a session of its own tries to forge the report through the grader's descriptor and to
  // overwrite results.json, then waits to outlive the grade, as a file did to a real autograder.
  const std::string forger = fmt::format(
      "setsid bash -c \"echo forged >> /proc/$$/fd/1; echo forged > {0}/results/results.json; exec sleep 7393\" "
      "</dev/null >/dev/null 2>&1 &\nsleep 0.3",
      gradescope.root().string());
  gradescope.grader(R"({"score": 1.0, "tests": []})", "", 1, forger);
  CommandResult run = gradescope.run();
  INFO(run.output);
  REQUIRE(run.outcome == CommandResult::Outcome::kSucceeded);
  CHECK(gradescope.user_id() == "65534\n");
  CHECK_THAT(run.output, Catch::Contains("grading as nobody"));
  CHECK(gradescope.results()["score"] == 1.0);
  SubprocessCommandRunner runner;
  CHECK(runner.run({"pgrep", "-f", "sleep 7393"}, std::chrono::seconds(10)).outcome != CommandResult::Outcome::kSucceeded);
}

TEST_CASE("a grade that outlasts its time budget is stopped, and the student is told why", "[package][gradescope]") {
  Package package;
  REQUIRE(package.result.outcome == PackageOutcome::kWritten);
  FakeAutograder gradescope(package.request.out, package.dir.path() / "root");
  write(gradescope.root() / "submission" / "matmul.cu", "// a submission\n");
  gradescope.grader(R"({"score": 1.0, "tests": []})", "", 0, "sleep 60");
  const auto started = std::chrono::steady_clock::now();
  CommandResult run = gradescope.run({"CUDAGRADE_TIME_BUDGET=2"});
  INFO(run.output);
  REQUIRE(run.outcome == CommandResult::Outcome::kSucceeded);
  CHECK(std::chrono::steady_clock::now() - started < std::chrono::seconds(20));
  CHECK(gradescope.results()["score"] == 0.0);
  CHECK_THAT(gradescope.results()["output"].get<std::string>(), Catch::Contains("time budget of 2 seconds"));
}

TEST_CASE("setup.sh installs the runtime packages only, no CUDA, and pins the grader's commit", "[package][gradescope]") {
  Package package;
  REQUIRE(package.result.outcome == PackageOutcome::kWritten);
  const std::string setup = read_file(package.request.out / kAutograderFolder / "setup.sh");
  CHECK_THAT(setup, Catch::Contains("install-deps.sh\" --runtime") && Catch::Contains("useradd --system"));
  CHECK_THAT(setup, Catch::Contains("-DCUDAGRADE_COMMIT=" + grader_version().commit));
  CHECK_THAT(setup, !Catch::Contains("cuda-") && !Catch::Contains("nvidia") && !Catch::Contains("curl"));
  // Every package setup.sh can name, by the lists install-deps.sh --runtime reads: none is a test tool.
  const fs::path deps = package.request.out / kAutograderFolder / kSourceFolder / "scripts" / "deps";
  const std::string runtime = read_file(deps / "grade.txt") + read_file(deps / "build.txt");
  for (const char* test_tool : {"chromium", "clang-14", "libclang-rt-14-dev", "catch2", "shellcheck", "debootstrap"}) {
    CHECK_THAT(runtime, !Catch::Contains(test_tool));
  }
  const std::string run_autograder = read_file(package.request.out / kAutograderFolder / "run_autograder");
  CHECK_THAT(run_autograder, Catch::Contains("--sandbox \"${CUDAGRADE_SANDBOX:-auto}\"") &&
                                 Catch::Contains("CUDAGRADE_AUTOGRADER_USER:-cudagrade"));
}

TEST_CASE("run_autograder finds the file inside an uploaded folder", "[package][gradescope]") {
  Package package;
  REQUIRE(package.result.outcome == PackageOutcome::kWritten);
  FakeAutograder gradescope(package.request.out, package.dir.path() / "root");
  write(gradescope.root() / "submission" / "lab-repo" / "matmul.cu", "// a submission\n");
  gradescope.grader(R"({"score": 1.0, "tests": []})", "", 0);
  REQUIRE(gradescope.run().outcome == CommandResult::Outcome::kSucceeded);
  CHECK_THAT(gradescope.args(), Catch::Contains("lab-repo/matmul.cu"));
}

TEST_CASE("a missing submission still gives a valid results.json: score 0 and what to submit",
          "[package][gradescope]") {
  Package package;
  REQUIRE(package.result.outcome == PackageOutcome::kWritten);
  FakeAutograder gradescope(package.request.out, package.dir.path() / "root");
  write(gradescope.root() / "submission" / "we\"ird\\name.cu", "// the wrong file\n");
  gradescope.grader("{}", "", 0);
  CommandResult run = gradescope.run();
  INFO(run.output);
  REQUIRE(run.outcome == CommandResult::Outcome::kSucceeded);
  const nlohmann::json results = gradescope.results();
  CHECK(results["score"] == 0.0);
  CHECK(results["tests"].empty());
  const std::string output = results["output"];
  CHECK_THAT(output, Catch::Contains("No matmul.cu in your submission") && Catch::Contains("we\"ird\\name.cu"));
  CHECK_FALSE(fs::exists(gradescope.root() / "args.txt"));  // cudagrade never ran
}

TEST_CASE("a grader that fails without a report still gives a valid results.json", "[package][gradescope]") {
  Package package;
  REQUIRE(package.result.outcome == PackageOutcome::kWritten);
  FakeAutograder gradescope(package.request.out, package.dir.path() / "root");
  write(gradescope.root() / "submission" / "matmul.cu", "// a submission\n");
  gradescope.grader("", "cudagrade: the test cases cannot be used:\n  \"matmul.yaml\":3: bad\tfield \\x\n", 2);
  CommandResult run = gradescope.run();
  INFO(run.output);
  REQUIRE(run.outcome == CommandResult::Outcome::kSucceeded);
  const nlohmann::json results = gradescope.results();
  CHECK(results["score"] == 0.0);
  const std::string output = results["output"];
  CHECK_THAT(output, Catch::Contains("exit code 2") && Catch::Contains("not a problem with your code") &&
                         Catch::Contains("\"matmul.yaml\":3: bad\tfield \\x"));
  CHECK_THAT(run.output, Catch::Contains("the test cases cannot be used"));  // the instructor's log
}

TEST_CASE("a grader that cannot start still gives a valid results.json", "[package][gradescope]") {
  Package package;
  REQUIRE(package.result.outcome == PackageOutcome::kWritten);
  FakeAutograder gradescope(package.request.out, package.dir.path() / "root");
  write(gradescope.root() / "submission" / "matmul.cu", "// a submission\n");
  SubprocessCommandRunner runner;
  CommandResult run = runner.run({"env", "CUDAGRADE_AUTOGRADER_ROOT=" + gradescope.root().string(),
                                  (gradescope.root() / "run_autograder").string()},
                                 std::chrono::seconds(30));
  REQUIRE(run.outcome == CommandResult::Outcome::kSucceeded);
  CHECK(gradescope.results()["score"] == 0.0);
  CHECK_THAT(std::string(gradescope.results()["output"]), Catch::Contains("exit code 127"));
}

TEST_CASE("a package is never written over a folder that holds something", "[package][gradescope]") {
  TempDir dir(TempDir::Medium::kDisk);
  fs::create_directories(dir.path() / "out");
  write(dir.path() / "out" / "keep.txt", "mine");
  PackageResult result =
      write_gradescope_package({ProjectPaths::discover("", ""), {"matmul", "matmul.cu"}, dir.path() / "out"});
  CHECK(result.outcome == PackageOutcome::kOutNotEmpty);
  CHECK(read_file(dir.path() / "out" / "keep.txt") == "mine");
  CHECK(std::distance(fs::directory_iterator(dir.path() / "out"), fs::directory_iterator()) == 1);
}

}  // namespace
}  // namespace cudagrade
