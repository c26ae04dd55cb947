// The three Slurm commands cudagrade uses, through a CommandRunner so that the logic above them is tested
// with a fake sbatch: sbatch (submit a batch script), squeue (is a job still queued or running?) and scancel.
// cudagrade schedules nothing itself: Slurm queues, places, retries and accounts.
#pragma once

#include <chrono>
#include <filesystem>
#include <string>
#include <vector>

#include "core/command_runner.h"

namespace cudagrade {

struct SbatchOutcome {
  enum class Outcome { kSubmitted, kNoSbatch, kRejected } outcome = Outcome::kRejected;
  std::string job_id;   // kSubmitted
  std::string message;  // kNoSbatch, kRejected: why, with sbatch's own words
};

struct QueueState {
  enum class Outcome { kQueued, kGone, kUnknown } outcome = Outcome::kUnknown;
  std::vector<std::string> entries;  // kQueued: squeue's lines, "<id> <state>"
  std::string message;               // kUnknown: squeue's words
};

class SlurmClient {
 public:
  explicit SlurmClient(CommandRunner& runner) : runner_(runner) {}

  enum class Presence { kPresent, kMissing };
  Presence sbatch_presence(std::string& message);

  // `sbatch --parsable OPTIONS SCRIPT`.
  SbatchOutcome submit(const std::vector<std::string>& options, const std::filesystem::path& script);
  // Whether any of the jobs (array ids cover their tasks) is still pending or running.
  QueueState queue_state(const std::vector<std::string>& job_ids);
  void cancel(const std::string& job_id);

 private:
  CommandRunner& runner_;
};

// sbatch --parsable prints "<id>" or "<id>;<cluster>": the id, or empty when `output` holds none.
std::string parsed_job_id(const std::string& output);
// "--partition=gpu --gres=gpu:1 --time='00:30:00'" -> its words, quotes removed, as a shell would split them.
std::vector<std::string> split_options(const std::string& text);

}  // namespace cudagrade
