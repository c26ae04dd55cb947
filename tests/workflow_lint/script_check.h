// `bash -n` and shellcheck on a generated script, for the tests of every script cudagrade packages.
// shellcheck is not among cudagrade's build dependencies everywhere, so its absence is an outcome of its
// own, which a test reports as skipped, never as clean.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "core/command_runner.h"

namespace cudagrade {

struct ScriptCheck {
  enum class Outcome { kClean, kProblems, kToolMissing } outcome = Outcome::kClean;
  std::string output;  // what the tool said
};

ScriptCheck check_bash_syntax(const std::filesystem::path& script, CommandRunner& runner);
// `shell` is shellcheck's dialect (bash, sh); `excluded` are codes such as "SC2154" that do not apply.
ScriptCheck run_shellcheck(const std::filesystem::path& script, const std::string& shell, CommandRunner& runner,
                           const std::vector<std::string>& excluded = {});

}  // namespace cudagrade
