#include "workflow_lint/script_check.h"

#include <fmt/format.h>

namespace cudagrade {
namespace {

constexpr auto kTimeout = std::chrono::seconds(60);

ScriptCheck outcome_of(const CommandResult& result, const std::string& tool) {
  switch (result.outcome) {
    case CommandResult::Outcome::kSucceeded: return {ScriptCheck::Outcome::kClean, result.output};
    case CommandResult::Outcome::kNotStarted:
      return {ScriptCheck::Outcome::kToolMissing, fmt::format("{} is not installed: {}", tool, result.output)};
    case CommandResult::Outcome::kTimedOut:
      return {ScriptCheck::Outcome::kProblems, fmt::format("{} did not finish: {}", tool, result.output)};
    case CommandResult::Outcome::kFailed: break;
  }
  return {ScriptCheck::Outcome::kProblems, result.output};
}

}  // namespace

ScriptCheck check_bash_syntax(const std::filesystem::path& script, CommandRunner& runner) {
  return outcome_of(runner.run({"bash", "-n", script.string()}, kTimeout), "bash");
}

ScriptCheck run_shellcheck(const std::filesystem::path& script, const std::string& shell, CommandRunner& runner,
                           const std::vector<std::string>& excluded) {
  // --norc: a shellcheckrc in the user's home must not change what passes.
  std::vector<std::string> command = {"shellcheck", "--norc", "--shell=" + shell, "--format=gcc"};
  if (!excluded.empty()) command.push_back(fmt::format("--exclude={}", fmt::join(excluded, ",")));
  command.push_back(script.string());
  return outcome_of(runner.run(command, kTimeout), "shellcheck");
}

}  // namespace cudagrade
