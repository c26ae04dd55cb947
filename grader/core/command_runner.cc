#include "core/command_runner.h"

#include <system_error>

namespace cudagrade {

CommandResult SubprocessCommandRunner::run(const std::vector<std::string>& argv, std::chrono::seconds timeout) {
  return run(argv, timeout, kDefaultOutputCapBytes);
}

CommandResult SubprocessCommandRunner::run(const std::vector<std::string>& argv, std::chrono::seconds timeout,
                                           size_t output_cap) {
  CommandResult result;
  try {
    SubprocessOptions options;
    options.output_cap_bytes = output_cap;
    Subprocess process(argv, options);
    WaitOutcome outcome = process.wait_for_exit(Clock::now() + timeout);
    result.output = process.output();
    result.dropped_bytes = process.dropped_output_bytes();
    if (process.dropped_output_bytes() > 0) {
      result.output += "\n[" + std::to_string(process.dropped_output_bytes()) + " more bytes of output dropped]\n";
    }
    if (outcome == WaitOutcome::kTimedOut) {
      result.outcome = CommandResult::Outcome::kTimedOut;
      return result;
    }
    result.status = *process.exit_status();
    result.outcome = result.status.success() ? CommandResult::Outcome::kSucceeded : CommandResult::Outcome::kFailed;
  } catch (const std::system_error& error) {
    result.outcome = CommandResult::Outcome::kNotStarted;
    result.output = error.what();
  }
  return result;
}

}  // namespace cudagrade
