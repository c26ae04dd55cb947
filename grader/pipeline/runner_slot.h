// A built runner and, while it is healthy, the process running it. When a case kills the process (a crash,
// a sticky CUDA error, a timeout), the next request starts a fresh one, so the remaining cases still run.
#pragma once

#include <filesystem>
#include <memory>
#include <optional>

#include "run/runner_session.h"

namespace cudagrade {

inline constexpr std::chrono::seconds kRunnerStartTimeout{60};

// Whether a slot whose runner once failed to start is tried again. A student's runner runs the student's
// global constructors before it greets, so a runner that did not greet once will not greet the next time: its
// remaining cases get the same verdict at once, and a file whose constructors hang costs one wait, not one a
// case (#33). A trusted runner is retried, as a machine may recover.
enum class StartRetry { kAfterEveryFailure, kNeverAfterAFailure };

class RunnerSlot {
 public:
  explicit RunnerSlot(std::filesystem::path runner) : runner_(runner), command_{runner.string()} {}
  // A runner started through a confining command (core/confinement.h).
  // Its sessions' limits count as `basis` says: the simulator's runner's own CPU time (core/cpu_time_limit.h).
  RunnerSlot(std::filesystem::path runner, std::vector<std::string> command,
             StartRetry retry = StartRetry::kAfterEveryFailure,
             std::chrono::milliseconds start_timeout = kRunnerStartTimeout, TimeBasis basis = TimeBasis::kWallClock)
      : runner_(std::move(runner)),
        command_(std::move(command)),
        retry_(retry),
        start_timeout_(start_timeout),
        time_basis_(basis) {}

  // The live session, started if needed; null with `failure` set when the runner would not start (or, for a
  // slot that never retries, did not start once).
  RunnerSession* session(RunnerReply& failure);
  // A session that has answered nothing yet: the one start_fresh() began, or a new one.
  RunnerSession* fresh_session(RunnerReply& failure);
  // Ends the running process, if any, and starts a new one without waiting for it: its start-up overlaps
  // whatever the grader does until the next session() greets it.
  void start_fresh();
  // Starts a process now when none is running, without waiting for it: a runner needed later starts up
  // while the grader does other work. A live one is left alone.
  void start_early() {
    if (!session_) start_fresh();
  }
  // Ends the running process, if any; the next session() starts a fresh one.
  void stop() { session_.reset(); }
  // The device the runner last greeted with, if it ever did.
  const std::optional<DeviceInfo>& device() const { return device_; }

 private:
  std::filesystem::path runner_;
  std::vector<std::string> command_;
  StartRetry retry_ = StartRetry::kAfterEveryFailure;
  std::chrono::milliseconds start_timeout_{kRunnerStartTimeout};
  TimeBasis time_basis_ = TimeBasis::kWallClock;
  std::optional<RunnerReply> start_failure_;  // the first failed greeting, kept for kNeverAfterAFailure
  std::unique_ptr<RunnerSession> session_;
  bool greeted_ = false;  // session_ has answered the greeting
  bool used_ = false;     // session_ has been handed out
  std::optional<DeviceInfo> device_;
};

}  // namespace cudagrade
