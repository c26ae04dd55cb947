// A child process in its own process group, with its stdout and stderr drained into a capped buffer and,
// optionally, a line-based control channel on fds 3 (requests) and 4 (responses). Destroying it kills the
// whole group, so no child outlives the object that started it.
#pragma once

#include <sys/types.h>

#include <chrono>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace cudagrade {

using Clock = std::chrono::steady_clock;

// Now plus `seconds`, for a step's deadline.
inline Clock::time_point deadline_after(double seconds) {
  return Clock::now() + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(seconds));
}

// No reply of the protocol comes near this; more is a submission writing to the control channel.
inline constexpr size_t kMaxResponseBytes = 64 << 10;

struct SubprocessOptions {
  bool control_channel = false;
  std::optional<std::filesystem::path> working_directory;
  size_t output_cap_bytes = 64 << 10;  // the rest is counted and dropped: a flood cannot fill memory
};

// How a child ended.
struct ExitStatus {
  enum class Kind { kExited, kSignaled } kind = Kind::kExited;
  int code = 0;  // exit code or signal number

  bool success() const { return kind == Kind::kExited && code == 0; }
  std::string describe() const;  // "exit code 2", "signal 11 (Segmentation fault)"
};

enum class WaitOutcome { kReady, kExited, kTimedOut };

class Subprocess {
 public:
  // Throws std::system_error when the program cannot be started at all (a missing compiler, no fds).
  Subprocess(const std::vector<std::string>& argv, const SubprocessOptions& options);
  ~Subprocess();
  Subprocess(const Subprocess&) = delete;
  Subprocess& operator=(const Subprocess&) = delete;

  // Sends one line on the control channel; false when the child no longer reads it.
  bool send_line(const std::string& line);
  // Closes the control channel's request end: the child reads end-of-file, and a runner then exits on its own.
  void close_requests();
  // Waits for one line on the control channel, draining output meanwhile.
  WaitOutcome read_line(std::string& line, Clock::time_point deadline);
  // Waits for the child to exit, draining output meanwhile.
  WaitOutcome wait_for_exit(Clock::time_point deadline);
  void kill_group();

  pid_t pid() const { return pid_; }
  const std::optional<ExitStatus>& exit_status() const { return exit_status_; }
  const std::string& output() const { return output_; }
  // The output gathered since the last call, which empties the buffer: the cap then applies afresh, so a
  // long-lived child that flooded once still shows what it printed later.
  std::string take_output();
  size_t dropped_output_bytes() const { return dropped_output_bytes_; }
  // Bytes of the control channel received but not yet taken as a line.
  size_t unread_response_bytes() const { return responses_.size(); }
  // Whether the child was killed for sending more than a reply's worth on the control channel.
  bool flooded_control_channel() const { return flooded_control_channel_; }

 private:
  void pump(Clock::time_point deadline);
  bool reap(bool block);
  bool take_line(std::string& line);

  pid_t pid_ = -1;
  int output_fd_ = -1;
  int request_fd_ = -1;
  int response_fd_ = -1;
  size_t output_cap_bytes_;
  std::string output_;
  size_t dropped_output_bytes_ = 0;
  std::string responses_;
  bool flooded_control_channel_ = false;
  std::optional<ExitStatus> exit_status_;
};

}  // namespace cudagrade
