// The subcommands of `cudagrade`, as a table of {name, description, setup}. Each setup adds its options to
// a CLI11 subcommand and returns the function that runs it.
#pragma once

#include <CLI/CLI.hpp>
#include <functional>
#include <stdexcept>
#include <string>
#include <vector>

namespace cudagrade {

// Documented and stable (README): scripts and CI depend on them.
enum ExitCode : int {
  kExitPassed = 0,
  kExitFailed = 1,  // some case did not pass
  kExitUsage = 2,   // bad arguments or a bad test-case file
  kExitInfra = 3,   // the machine or the grader is at fault, not the student
};

// Thrown for what the user typed or wrote wrong; main prints it and exits with kExitUsage.
struct UsageError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// Thrown when this machine cannot do what was asked (no sandbox, say); main prints it and exits with kExitInfra.
struct InfraError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

struct GlobalOptions {
  std::string root;
  std::string cache_dir;
};

using CommandAction = std::function<int()>;

struct Command {
  const char* name;
  const char* description;
  CommandAction (*setup)(CLI::App& command, const GlobalOptions& globals);
};

const std::vector<Command>& commands();

}  // namespace cudagrade
