#include "batch/slurm_client.h"

#include <fmt/format.h>

#include <sstream>

namespace cudagrade {
namespace {

constexpr std::chrono::seconds kCommandTimeout{120};  // a busy controller answers slowly, but answers

std::string trimmed(const std::string& text) {
  const size_t first = text.find_first_not_of(" \t\r\n");
  if (first == std::string::npos) return "";
  return text.substr(first, text.find_last_not_of(" \t\r\n") - first + 1);
}

bool all_digits(const std::string& text) {
  return !text.empty() && text.find_first_not_of("0123456789") == std::string::npos;
}

}  // namespace

std::string parsed_job_id(const std::string& output) {
  std::istringstream lines(output);
  std::string line;
  std::string id;
  while (std::getline(lines, line)) {  // warnings may come first; the id is the last line that is one
    const std::string candidate = trimmed(line.substr(0, line.find(';')));
    if (all_digits(candidate)) id = candidate;
  }
  return id;
}

std::vector<std::string> split_options(const std::string& text) {
  std::vector<std::string> words;
  std::string word;
  bool in_word = false;
  char quote = 0;
  for (char c : text) {
    if (quote != 0) {
      if (c == quote) {
        quote = 0;
      } else {
        word += c;
      }
    } else if (c == '\'' || c == '"') {
      quote = c;
      in_word = true;
    } else if (c == ' ' || c == '\t' || c == '\n') {
      if (in_word) words.push_back(word);
      word.clear();
      in_word = false;
    } else {
      word += c;
      in_word = true;
    }
  }
  if (in_word) words.push_back(word);
  return words;
}

SlurmClient::Presence SlurmClient::sbatch_presence(std::string& message) {
  const CommandResult result = runner_.run({"sbatch", "--version"}, kCommandTimeout);
  if (result.outcome == CommandResult::Outcome::kSucceeded) return Presence::kPresent;
  message = result.outcome == CommandResult::Outcome::kNotStarted
                ? "no sbatch on the PATH: run on a Slurm login node, or load Slurm's module first"
                : fmt::format("sbatch does not run here: {}", trimmed(result.output));
  return Presence::kMissing;
}

SbatchOutcome SlurmClient::submit(const std::vector<std::string>& options, const std::filesystem::path& script) {
  std::vector<std::string> argv = {"sbatch", "--parsable"};
  argv.insert(argv.end(), options.begin(), options.end());
  argv.push_back(script.string());
  const CommandResult result = runner_.run(argv, kCommandTimeout);
  SbatchOutcome outcome;
  if (result.outcome == CommandResult::Outcome::kNotStarted) {
    outcome.outcome = SbatchOutcome::Outcome::kNoSbatch;
    outcome.message = "no sbatch on the PATH: run on a Slurm login node, or load Slurm's module first";
    return outcome;
  }
  outcome.job_id = result.outcome == CommandResult::Outcome::kSucceeded ? parsed_job_id(result.output) : "";
  if (outcome.job_id.empty()) {
    outcome.message = result.outcome == CommandResult::Outcome::kTimedOut
                          ? "sbatch did not answer in 2 minutes"
                          : fmt::format("sbatch refused the job: {}", trimmed(result.output));
    return outcome;
  }
  outcome.outcome = SbatchOutcome::Outcome::kSubmitted;
  return outcome;
}

QueueState SlurmClient::queue_state(const std::vector<std::string>& job_ids) {
  const CommandResult result =
      runner_.run({"squeue", "--noheader", "--jobs=" + fmt::format("{}", fmt::join(job_ids, ",")), "--format=%i %T"},
                  kCommandTimeout);
  QueueState state;
  // squeue refuses ids it no longer knows (finished and purged): none of them is queued any more.
  if (result.outcome == CommandResult::Outcome::kFailed && result.output.find("Invalid job id") != std::string::npos) {
    state.outcome = QueueState::Outcome::kGone;
    return state;
  }
  if (result.outcome != CommandResult::Outcome::kSucceeded) {
    state.message = trimmed(result.output);
    return state;
  }
  std::istringstream lines(result.output);
  std::string line;
  while (std::getline(lines, line)) {
    if (!trimmed(line).empty()) state.entries.push_back(trimmed(line));
  }
  state.outcome = state.entries.empty() ? QueueState::Outcome::kGone : QueueState::Outcome::kQueued;
  return state;
}

void SlurmClient::cancel(const std::string& job_id) { runner_.run({"scancel", job_id}, kCommandTimeout); }

}  // namespace cudagrade
