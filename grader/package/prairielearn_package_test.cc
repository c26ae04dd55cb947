#include "package/prairielearn_package.h"

#include <fmt/format.h>

#include <catch2/catch.hpp>
#include <unistd.h>
#include <fstream>
#include <nlohmann/json.hpp>
#include <regex>

#include "core/command_runner.h"
#include "core/files.h"
#include "core/temp_dir.h"
#include "core/version.h"

namespace cudagrade {
namespace {

namespace fs = std::filesystem;

struct Question {
  TempDir dir{TempDir::Medium::kDisk};
  PackageRequest request{ProjectPaths::discover("", ""), {"matmul", "matmul.cu"}, dir.path() / "pl"};
  PackageResult result = write_prairielearn_package(request, {"ghcr.io/my-course/cudagrade", ""});
  fs::path question() const { return request.out / "questions" / "matmul"; }
};

TEST_CASE("the question holds info.json, question.html and tests/ as PrairieLearn's external grader expects",
          "[package][prairielearn]") {
  Question package;
  REQUIRE(package.result.outcome == PackageOutcome::kWritten);
  const nlohmann::json info = nlohmann::json::parse(read_file(package.question() / "info.json"));
  CHECK(info["gradingMethod"] == "External");
  CHECK(std::regex_match(info["uuid"].get<std::string>(),
                         std::regex("[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}")));
  const nlohmann::json& grading = info["externalGradingOptions"];
  CHECK(grading["enabled"] == true);
  CHECK(grading["image"] == "ghcr.io/my-course/cudagrade:" + grader_version().version);
  CHECK(grading["entrypoint"] == "/grade/tests/grade.sh");  // tests/ is copied to /grade/tests
  CHECK(grading["timeout"].get<int>() <= 600);
  CHECK(std::stoi(grading["environment"]["CUDAGRADE_TIME_BUDGET"].get<std::string>()) < grading["timeout"].get<int>());
  CHECK_THAT(read_file(package.question() / "question.html"), Catch::Contains("file-names=\"matmul.cu\"") &&
                                                                   Catch::Contains("<pl-external-grader-results>"));
  CHECK(read_file(package.question() / "tests" / "matmul.yaml") == read_file(package.request.paths.testcases_file("matmul")));
  CHECK((fs::status(package.question() / "tests" / "grade.sh").permissions() & fs::perms::owner_exec) != fs::perms::none);
  // Two questions written from one lab are two questions to PrairieLearn.
  CHECK(random_uuid() != random_uuid());
}

TEST_CASE("an image name must be one docker can pull, given without its tag", "[package][prairielearn]") {
  CHECK_FALSE(image_problem("ghcr.io/my-course/cudagrade"));
  CHECK_FALSE(image_problem("registry.example.edu:5000/cs420/cudagrade"));
  CHECK(image_problem("ghcr.io/my-course/cudagrade:latest"));
  CHECK(image_problem("My Course/cudagrade"));
  CHECK(image_problem("x\", \"enabled\": false, \"y"));
}

// One grading job: /grade as PrairieLearn lays it out, with a stand-in for cudagrade.
struct GradingJob {
  Question package;
  fs::path grade = package.dir.path() / "grade";

  GradingJob() {
    fs::create_directories(grade / "student");
    fs::copy(package.question() / "tests", grade / "tests", fs::copy_options::recursive);
  }
  CommandResult run(const std::string& fake_script, const std::vector<std::string>& settings = {}) {
    const fs::path fake = package.dir.path() / "fake-cudagrade";
    std::ofstream(fake) << "#!/usr/bin/env bash\n" << fake_script << "\n";
    fs::permissions(fake, fs::perms(0755));
    std::vector<std::string> command = {"env", "CUDAGRADE_GRADE_DIR=" + grade.string(), "CUDAGRADE_BIN=" + fake.string(),
                                        "CUDAGRADE_USER=nobody-here-" + std::to_string(::getpid())};
    command.insert(command.end(), settings.begin(), settings.end());
    command.push_back((grade / "tests" / "grade.sh").string());
    SubprocessCommandRunner runner;
    return runner.run(command, std::chrono::seconds(30));
  }
  nlohmann::json results() const { return nlohmann::json::parse(read_file(grade / "results" / "results.json")); }
};

TEST_CASE("grade.sh hands cudagrade the cases on a pipe and writes its report as results.json",
          "[package][prairielearn]") {
  GradingJob job;
  std::ofstream(job.grade / "student" / "matmul.cu") << "// a submission\n";
  const fs::path args = job.package.dir.path() / "args.txt", stdin_copy = job.package.dir.path() / "stdin.txt";
  CommandResult run = job.run(fmt::format("printf '%s\\n' \"$@\" > '{}'; cat > '{}'; echo '{{\"gradable\": true, \"score\": 0.5}}'; exit 1",
                                          args.string(), stdin_copy.string()));
  INFO(run.output);
  REQUIRE(run.outcome == CommandResult::Outcome::kSucceeded);
  CHECK(job.results()["score"] == 0.5);
  CHECK_THAT(read_file(args), Catch::Contains("--format\nprairielearn") && Catch::Contains("--include-hidden") &&
                                  Catch::Contains("--sandbox\nauto"));
  CHECK(read_file(stdin_copy) == read_file(job.grade / "tests" / "matmul.yaml"));
}

TEST_CASE("grade.sh always leaves a result: no file, a failed grader, a grade past its budget",
          "[package][prairielearn]") {
  GradingJob job;
  REQUIRE(job.run("exit 0").outcome == CommandResult::Outcome::kSucceeded);
  CHECK(job.results()["score"] == 0.0);
  CHECK_THAT(job.results()["message"].get<std::string>(), Catch::Contains("No matmul.cu was submitted"));

  std::ofstream(job.grade / "student" / "matmul.cu") << "// a submission\n";
  REQUIRE(job.run("echo 'yaml-cpp said \"no\"' >&2; exit 3").outcome == CommandResult::Outcome::kSucceeded);
  CHECK_THAT(job.results()["message"].get<std::string>(),
             Catch::Contains("not a problem with your code") && Catch::Contains("yaml-cpp said \"no\""));

  const auto started = std::chrono::steady_clock::now();
  REQUIRE(job.run("echo '{\"score\": 1}'; sleep 60", {"CUDAGRADE_TIME_BUDGET=2"}).outcome ==
          CommandResult::Outcome::kSucceeded);
  CHECK(std::chrono::steady_clock::now() - started < std::chrono::seconds(20));
  CHECK(job.results()["score"] == 0.0);
  CHECK_THAT(job.results()["message"].get<std::string>(), Catch::Contains("time budget of 2 seconds"));
}

TEST_CASE("a course's own lab travels whole in tests/, and grade.sh grades it with --root", "[package][prairielearn]") {
  TempDir dir(TempDir::Medium::kDisk);
  const ProjectPaths source = ProjectPaths::discover("", "");
  const PackageRequest request{ProjectPaths::discover((source.root / "tests" / "data" / "course").string(), ""),
                               {"row_stats", "row_stats.cu"},
                               dir.path() / "pl"};
  REQUIRE(write_prairielearn_package(request, {}).outcome == PackageOutcome::kWritten);
  const fs::path tests = request.out / "questions" / "row_stats" / "tests";
  CHECK(fs::exists(tests / "course" / "labs" / "row_stats" / "lab.yaml"));
  CHECK(fs::exists(tests / "course" / "skeleton" / "row_stats" / "row_stats.cuh"));
  CHECK_THAT(read_file(tests / "row_stats.yaml"), Catch::Contains("hidden-13x77"));  // only the grader reads tests/

  const fs::path grade = dir.path() / "grade", args = dir.path() / "args.txt";
  fs::create_directories(grade / "student");
  fs::copy(tests, grade / "tests", fs::copy_options::recursive);
  std::ofstream(grade / "student" / "row_stats.cu") << "// a submission\n";
  const fs::path fake = dir.path() / "fake-cudagrade";
  std::ofstream(fake) << fmt::format("#!/usr/bin/env bash\nprintf '%s\\n' \"$@\" > '{}'; echo '{{\"score\": 1}}'\n",
                                     args.string());
  fs::permissions(fake, fs::perms(0755));
  SubprocessCommandRunner runner;
  const CommandResult run =
      runner.run({"env", "CUDAGRADE_GRADE_DIR=" + grade.string(), "CUDAGRADE_BIN=" + fake.string(),
                  "CUDAGRADE_USER=nobody-here-" + std::to_string(::getpid()), (grade / "tests" / "grade.sh").string()},
                 std::chrono::seconds(30));
  INFO(run.output);
  REQUIRE(run.outcome == CommandResult::Outcome::kSucceeded);
  CHECK_THAT(read_file(args),
             Catch::StartsWith(fmt::format("--root\n{}\ncheck\nrow_stats\n", (grade / "tests" / "course").string())));
}

}  // namespace
}  // namespace cudagrade
