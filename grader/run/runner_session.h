// One running runner process and the conversation with it (model/protocol.h). A session that saw a crash, a
// CUDA error or a timeout is finished: its process group is killed and the caller starts a fresh one.
#pragma once

#include <chrono>
#include <filesystem>
#include <map>
#include <memory>
#include <optional>
#include <string>

#include "core/cpu_time_limit.h"
#include "core/subprocess.h"
#include "model/sample_mixing.h"
#include "model/timing.h"
#include "run/arena.h"

namespace cudagrade {

struct DeviceInfo {
  std::string name;
  std::string compute_capability;  // "9.0"
  int multiprocessors = 0;
  int64_t l2_bytes = 0;
  int64_t memory_bytes = 0;
};

struct TimingPolicy {
  int min_samples = 10;
  int max_samples = 2000;
  double max_noise = 0.005;  // relative standard deviation at which sampling stops
  double time_cap_ms = 2000;
  int sets = 2;  // input sets rotated between samples
};

struct RunnerReply {
  enum class Outcome {
    kOk,
    kCudaError,     // the runner reported a CUDA error and exited
    kCrashed,       // the runner died without answering
    kTimedOut,      // no answer before the deadline; the process group was killed
    kHarnessError,  // the runner rejected the request: a grader bug
    kVerdict,       // the simulator judged the run itself (a race, a divergent barrier) and exited
  } outcome = Outcome::kOk;
  std::string verdict;                        // for kVerdict: race, unsupported, crashed or timeout
  std::string detail;                         // the error, or how the process ended
  std::map<std::string, std::string> fields;  // key=value pairs of an "ok" line
  std::optional<Timing> timing;               // parsed from the fields of a "time" reply
  std::string output;                         // what the runner printed while handling this request
  std::vector<int64_t> audited_samples;       // a "time" reply's: which sample each set of the arena holds
  bool from_an_earlier_start = false;         // a failed greeting kept from an earlier case (pipeline/runner_slot.h)
};

class RunnerSession {
 public:
  // `command` starts the runner: its path, or a confining wrapper around it (core/confinement.h). The
  // deadline of every request but the greeting counts as `basis` says (core/cpu_time_limit.h).
  RunnerSession(const std::vector<std::string>& command, const std::filesystem::path& runner,
                TimeBasis basis = TimeBasis::kWallClock);

  // Waits for the runner's greeting. On failure the reply says why and the session is finished.
  RunnerReply start(Clock::time_point deadline);
  // On an "ok" reply the arena has been collected and can be judged. kSecondOrder (the simulator only) runs
  // it under the simulator's second, adversarial schedule (cusim/runtime/scheduler.h).
  // kProfiled: as is, and the simulator counts what its memory accesses cost (reply field "profile").
  enum class CheckOrder { kAsIs, kProfiled, kSecondOrder };
  RunnerReply check(Arena& arena, Clock::time_point deadline, CheckOrder order = CheckOrder::kAsIs);
  // As is, the simulator counting every block's accesses ("profile") and the DRAM traffic of a modelled cache
  // of `cache_bytes` ("dram": bytes read, bytes written): an efficiency case's check.
  RunnerReply check_counted(Arena& arena, Clock::time_point deadline, uint64_t cache_bytes);
  // The timed samples' inputs mixed as `mixing` says (model/sample_mixing.h); on an "ok" reply the arena's set k
  // holds the buffers of sample audited_samples[k], as that call left them.
  RunnerReply time(Arena& arena, const TimingPolicy& policy, const sample_mixing::Mixing& mixing,
                   Clock::time_point deadline);
  RunnerReply bandwidth(Clock::time_point deadline);

  // Ends the conversation the way the grader's own end would: the request channel closes, the runner's serve
  // loop ends and the process exits on its own, so that a tool wrapping it (compute-sanitizer) prints its
  // summary. Killed if it is not gone by the deadline. What was printed since the last request, and how it ended.
  struct Ending {
    WaitOutcome outcome = WaitOutcome::kExited;  // kExited or kTimedOut
    std::optional<ExitStatus> status;
    std::string output;
  };
  Ending finish(Clock::time_point deadline);

  // The runner's CPU time from sending the last request to the end of its wait, where the limits count it
  // (kOwnCpuTime) and the runner was there to be read.
  std::optional<double> last_request_cpu_seconds() const { return last_request_cpu_seconds_; }
  bool finished() const { return finished_; }
  const DeviceInfo& device() const { return device_; }

 private:
  // `basis`: what the request's deadline counts.
  RunnerReply exchange(const std::string& verb, const std::string& arguments, Clock::time_point deadline,
                       TimeBasis basis);
  WaitOutcome await_reply(std::string& line, Clock::time_point sent, Clock::time_point deadline,
                          std::optional<double> cpu_at_send);
  void note_request_cpu_time(std::optional<double> cpu_at_send);
  RunnerReply collect(Arena& arena, RunnerReply reply);
  RunnerReply tampered(RunnerReply reply, const std::string& line);

  std::filesystem::path runner_;  // the executable, for the source lines of a simulator's verdict
  std::unique_ptr<Subprocess> process_;
  TimeBasis time_basis_ = TimeBasis::kWallClock;
  std::optional<double> last_request_cpu_seconds_;
  DeviceInfo device_;
  bool finished_ = false;
};

// The runner's own account of a request (its greeting, a check, a timing), as lines of --phases under the
// request's own line. Never graded: it is the runner's word.
void record_runner_phases(const RunnerReply& reply);

// "key=value key=value name=rest of line" -> map; a "name" or "race" field takes the rest of the line.
std::map<std::string, std::string> parse_fields(const std::string& text);

}  // namespace cudagrade
