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
  std::string output;         // stdout and stderr together, capped
  size_t dropped_bytes = 0;   // what the cap left out: output that is parsed is incomplete when this is not 0
};

inline constexpr size_t kDefaultOutputCapBytes = 64 << 10;

class CommandRunner {
 public:
  virtual ~CommandRunner() = default;
  virtual CommandResult run(const std::vector<std::string>& argv, std::chrono::seconds timeout) = 0;
  // The same, keeping up to `output_cap` bytes of output: for a trusted tool whose whole listing is parsed
  // (nm on a system library). Runners that cannot raise the cap run with their own.
  virtual CommandResult run(const std::vector<std::string>& argv, std::chrono::seconds timeout, size_t output_cap) {
    (void)output_cap;
    return run(argv, timeout);
  }
};

class SubprocessCommandRunner : public CommandRunner {
 public:
  CommandResult run(const std::vector<std::string>& argv, std::chrono::seconds timeout) override;
  CommandResult run(const std::vector<std::string>& argv, std::chrono::seconds timeout, size_t output_cap) override;
};

}  // namespace cudagrade
