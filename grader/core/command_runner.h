// Runs a command to completion under a time limit with its output captured and capped. The build step
// talks to the compiler only through this interface, so its logic is testable without one.
#pragma once

#include <chrono>
#include <string>
#include <vector>

#include "core/subprocess.h"

namespace cudagrade {

struct CommandResult {
  enum class Outcome { kSucceeded, kFailed, kTimedOut, kNotStarted } outcome = Outcome::kNotStarted;
  ExitStatus status;
  std::string output;  // stdout and stderr together, capped
};

class CommandRunner {
 public:
  virtual ~CommandRunner() = default;
  virtual CommandResult run(const std::vector<std::string>& argv, std::chrono::seconds timeout) = 0;
};

class SubprocessCommandRunner : public CommandRunner {
 public:
  CommandResult run(const std::vector<std::string>& argv, std::chrono::seconds timeout) override;
};

}  // namespace cudagrade
