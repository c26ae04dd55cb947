#include "workflow_lint/script_check.h"

#include <catch2/catch.hpp>
#include <fstream>

#include "core/temp_dir.h"

namespace cudagrade {
namespace {

// Stands in for a machine where a tool is missing.
class MissingTools : public CommandRunner {
 public:
  using CommandRunner::run;
  CommandResult run(const std::vector<std::string>&, std::chrono::seconds) override {
    CommandResult result;
    result.outcome = CommandResult::Outcome::kNotStarted;
    return result;
  }
};

std::filesystem::path script(const TempDir& dir, const std::string& name, const std::string& text) {
  const auto path = dir.path() / name;
  std::ofstream(path) << text;
  return path;
}

TEST_CASE("bash -n tells a broken script from a good one", "[package][scripts]") {
  TempDir dir(TempDir::Medium::kDisk);
  SubprocessCommandRunner runner;
  CHECK(check_bash_syntax(script(dir, "good", "#!/usr/bin/env bash\nif true; then echo ok; fi\n"), runner).outcome ==
        ScriptCheck::Outcome::kClean);
  ScriptCheck bad = check_bash_syntax(script(dir, "bad", "#!/usr/bin/env bash\nif true; then echo ok\n"), runner);
  CHECK(bad.outcome == ScriptCheck::Outcome::kProblems);
  CHECK_THAT(bad.output, Catch::Contains("syntax error"));
}

TEST_CASE("shellcheck finds an unquoted variable, unless it is not installed", "[package][scripts]") {
  TempDir dir(TempDir::Medium::kDisk);
  SubprocessCommandRunner runner;
  const auto path = script(dir, "unquoted", "#!/usr/bin/env bash\nfile=$1\nrm $file\n");
  ScriptCheck check = run_shellcheck(path, "bash", runner);
  if (check.outcome == ScriptCheck::Outcome::kToolMissing) {
    WARN("SKIPPED: shellcheck is not installed here (scripts/install-deps.sh should add it)");
    return;
  }
  CHECK(check.outcome == ScriptCheck::Outcome::kProblems);
  CHECK_THAT(check.output, Catch::Contains("SC2086"));
  CHECK(run_shellcheck(path, "bash", runner, {"SC2086"}).outcome == ScriptCheck::Outcome::kClean);
}

TEST_CASE("a missing tool is its own outcome, never clean", "[package][scripts]") {
  MissingTools runner;
  CHECK(run_shellcheck("x.sh", "bash", runner).outcome == ScriptCheck::Outcome::kToolMissing);
  CHECK(check_bash_syntax("x.sh", runner).outcome == ScriptCheck::Outcome::kToolMissing);
}

}  // namespace
}  // namespace cudagrade
