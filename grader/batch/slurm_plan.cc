#include "batch/slurm_plan.h"

#include <fmt/format.h>

#include <algorithm>
#include <nlohmann/json.hpp>

#include "batch/batch_grader.h"
#include "batch/result_store.h"
#include "core/files.h"
#include "gradebook/layout.h"

namespace cudagrade {
namespace {

using Json = nlohmann::json;
constexpr const char* kSubmissionPrefix = "submission-";

// The n of every OUT/.slurm/submission-<n>.
std::vector<int> submission_numbers(const std::filesystem::path& out_dir) {
  std::vector<int> numbers;
  std::error_code error;
  for (const auto& entry : std::filesystem::directory_iterator(OutputLayout(out_dir).slurm_dir(), error)) {
    const std::string name = entry.path().filename().string();
    if (name.rfind(kSubmissionPrefix, 0) != 0) continue;
    const std::string digits = name.substr(std::string(kSubmissionPrefix).size());
    if (digits.empty() || !std::all_of(digits.begin(), digits.end(), ::isdigit) || digits.size() > 6) continue;
    numbers.push_back(std::stoi(digits));
  }
  std::sort(numbers.begin(), numbers.end());
  return numbers;
}

std::filesystem::path submission_path(const std::filesystem::path& out_dir, int number) {
  return OutputLayout(out_dir).slurm_dir() / (kSubmissionPrefix + std::to_string(number));
}

}  // namespace

std::vector<std::vector<std::string>> split_into_shards(const std::vector<std::string>& student_ids, int shards) {
  const size_t count = std::min(student_ids.size(), static_cast<size_t>(std::max(1, shards)));
  std::vector<std::vector<std::string>> result(count);
  for (size_t i = 0; i < student_ids.size(); ++i) result[i % count].push_back(student_ids[i]);
  return result;
}

int default_shard_count(int students) { return std::max(1, (students + 49) / 50); }

std::vector<std::string> students_to_grade(const ClassManifest& manifest, const std::filesystem::path& out_dir,
                                           bool resume) {
  const ResultStore store(out_dir);
  std::vector<std::string> ids;
  for (const Submission* submission : manifest.current()) {
    if (resume) {
      std::optional<StudentResult> stored = store.load(submission->identity.id);
      if (stored && is_kept_on_resume(*stored, *submission, manifest.cases_hash)) continue;
    }
    ids.push_back(submission->identity.id);
  }
  return ids;
}

void save_plan(const std::filesystem::path& file, const SlurmPlan& plan) {
  const Json json = {{"out_dir", plan.out_dir.string()}, {"backend", plan.backend},
                     {"sandbox", plan.sandbox},          {"race_check", plan.race_check},
                     {"jobs", plan.jobs},                {"shards", plan.shards}};
  std::filesystem::create_directories(file.parent_path());
  write_atomically(file, json.dump(1) + "\n");
}

std::optional<SlurmPlan> load_plan(const std::filesystem::path& file, std::string& problem) {
  std::optional<std::string> text = try_read_file(file);
  if (!text) {
    problem = fmt::format("cannot read {}: is the output folder on a filesystem this node sees?", file.string());
    return std::nullopt;
  }
  const Json json = Json::parse(*text, nullptr, /*allow_exceptions=*/false);
  try {
    if (json.is_discarded()) throw std::runtime_error("not JSON");
    SlurmPlan plan;
    plan.out_dir = json.at("out_dir").get<std::string>();
    plan.backend = json.at("backend").get<std::string>();
    plan.sandbox = json.at("sandbox").get<std::string>();
    plan.race_check = json.at("race_check").get<std::string>();
    plan.jobs = json.at("jobs").get<int>();
    plan.shards = json.at("shards").get<std::vector<std::vector<std::string>>>();
    return plan;
  } catch (const std::exception& error) {
    problem = fmt::format("{} is not a Slurm plan cudagrade wrote: {}", file.string(), error.what());
    return std::nullopt;
  }
}

SlurmSubmissionDir SlurmSubmissionDir::next(const std::filesystem::path& out_dir) {
  const std::vector<int> numbers = submission_numbers(out_dir);
  return SlurmSubmissionDir(submission_path(out_dir, numbers.empty() ? 1 : numbers.back() + 1));
}

std::optional<SlurmSubmissionDir> SlurmSubmissionDir::latest(const std::filesystem::path& out_dir) {
  const std::vector<int> numbers = submission_numbers(out_dir);
  if (numbers.empty()) return std::nullopt;
  return SlurmSubmissionDir(submission_path(out_dir, numbers.back()));
}

int SlurmSubmissionDir::seen_count() const {
  int count = 0;
  std::error_code error;
  for ([[maybe_unused]] const auto& entry : std::filesystem::directory_iterator(dir_ / "seen", error)) ++count;
  return count;
}

void save_jobs(const SlurmSubmissionDir& dir, const SlurmJobs& jobs) {
  write_atomically(dir.jobs(), Json{{"array", jobs.array}, {"merge", jobs.merge}}.dump() + "\n");
}

std::optional<SlurmJobs> load_jobs(const SlurmSubmissionDir& dir) {
  std::optional<std::string> text = try_read_file(dir.jobs());
  if (!text) return std::nullopt;
  const Json json = Json::parse(*text, nullptr, false);
  if (json.is_discarded() || !json.is_object()) return std::nullopt;
  return SlurmJobs{json.value("array", ""), json.value("merge", "")};
}

}  // namespace cudagrade
