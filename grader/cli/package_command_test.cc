#include "cli/package_command.h"

#include <catch2/catch.hpp>

#include "core/files.h"
#include <fstream>
#include <sstream>

#include "core/temp_dir.h"
#include "package/github_package.h"
#include "package/gradescope_package.h"

namespace cudagrade {
namespace {

namespace fs = std::filesystem;

// `cudagrade package ...` as main runs it: parse, then run the action the subcommand set up.
int run_package(const std::vector<std::string>& args) {
  CLI::App app;
  GlobalOptions globals;
  CLI::App* package = app.add_subcommand("package");
  CommandAction action = setup_package(*package, globals);
  std::vector<std::string> argv_strings = {"cudagrade", "package"};
  argv_strings.insert(argv_strings.end(), args.begin(), args.end());
  std::vector<char*> argv;
  for (std::string& arg : argv_strings) argv.push_back(arg.data());
  app.parse(static_cast<int>(argv.size()), argv.data());
  return action();
}

TEST_CASE("package github writes the repository with the grader repository and ref given", "[package][cli]") {
  TempDir dir(TempDir::Medium::kDisk);
  const fs::path out = dir.path() / "starter";
  CHECK(run_package({"github", "matmul", "--out", out.string(), "--grader-repo", "my-course/cudagrade", "--grader-ref",
                     "fall-2025"}) == kExitPassed);
  CHECK_THAT(read_file(out / kWorkflowFile),
             Catch::Contains("repository: my-course/cudagrade") && Catch::Contains("ref: fall-2025"));
  CHECK(fs::exists(out / "matmul.cu"));
}

TEST_CASE("package gradescope writes the autograder and its zip", "[package][cli]") {
  TempDir dir(TempDir::Medium::kDisk);
  const fs::path out = dir.path() / "gs";
  CHECK(run_package({"gradescope", "reduction", "--out", out.string()}) == kExitPassed);
  CHECK(fs::exists(out / kAutograderZip));
  CHECK_THAT(read_file(out / kAutograderFolder / "run_autograder"), Catch::Contains("file=reduction.cu"));
}

TEST_CASE("usage errors: an unknown lab, a folder that holds something, a bad repository name", "[package][cli]") {
  TempDir dir(TempDir::Medium::kDisk);
  const fs::path out = dir.path() / "out";
  CHECK_THROWS_WITH(run_package({"gradescope", "no-such-lab", "--out", out.string()}),
                    Catch::Contains("unknown lab 'no-such-lab'"));
  CHECK_THROWS_WITH(run_package({"github", "matmul", "--out", out.string(), "--grader-repo", "cudagrade"}),
                    Catch::Contains("OWNER/NAME"));
  CHECK_FALSE(fs::exists(out));
  fs::create_directories(out);
  std::ofstream(out / "mine.txt") << "keep";
  CHECK_THROWS_AS(run_package({"github", "matmul", "--out", out.string()}), UsageError);
  CHECK(read_file(out / "mine.txt") == "keep");
}

TEST_CASE("package needs a target, a lab and --out", "[package][cli]") {
  CHECK_THROWS_AS(run_package({}), CLI::ParseError);
  CHECK_THROWS_AS(run_package({"github", "matmul"}), CLI::ParseError);
  CHECK_THROWS_AS(run_package({"bitbucket", "matmul", "--out", "x"}), CLI::ParseError);
}

}  // namespace
}  // namespace cudagrade
