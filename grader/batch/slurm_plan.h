// What one `cudagrade grade --slurm` submission asks of the cluster, written into the output folder before
// anything is submitted, so that each task of the job array reads its own shard from the shared filesystem:
//
//   OUT/.slurm/submission-<n>/plan.json     the students of each shard, the backend and sandbox to grade with
//   OUT/.slurm/submission-<n>/task.sh       the array's batch script (`cudagrade slurm-task plan.json`)
//   OUT/.slurm/submission-<n>/merge.sh      the merge job's (`cudagrade gradebook OUT`)
//   OUT/.slurm/submission-<n>/jobs.json     the job ids sbatch gave, for a later submission to check
//   OUT/.slurm/submission-<n>/task-<i>.log  each task's output, and merge.log
//   OUT/.slurm/submission-<n>/seen/task-<i> written by a task when it starts: the proof that the nodes see OUT
//
// Each submission has its own folder, so a task of an earlier one, still running, never reads a newer plan.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "batch/class_manifest.h"

namespace cudagrade {

// The students, dealt round-robin into `shards` lists (fewer when there are fewer students), so that each
// shard gets a fair share of slow and hanging students wherever they fall in the id order.
std::vector<std::vector<std::string>> split_into_shards(const std::vector<std::string>& student_ids, int shards);
// One shard per 50 students: at ~1.3 s a submission that is about a minute of grading a task, against the
// references' timing that each task does once.
int default_shard_count(int students);

// The current students a submission grades: all of them, or with `resume` only those whose stored result
// `--resume` would not keep (none stored, another file or test-case file, or infra_error).
std::vector<std::string> students_to_grade(const ClassManifest& manifest, const std::filesystem::path& out_dir,
                                           bool resume);

struct SlurmPlan {
  std::filesystem::path out_dir;  // absolute
  std::string backend;
  std::string sandbox;
  std::string race_check;
  int jobs = 1;  // the CPUs of each task (--cpus-per-task): parallel builds and simulator runs
  std::vector<std::vector<std::string>> shards;
};

void save_plan(const std::filesystem::path& file, const SlurmPlan& plan);
// nullopt, with `problem` set, when the file cannot be read or is not a plan.
std::optional<SlurmPlan> load_plan(const std::filesystem::path& file, std::string& problem);

// The folder of one submission and the names in it.
class SlurmSubmissionDir {
 public:
  explicit SlurmSubmissionDir(std::filesystem::path dir) : dir_(std::move(dir)) {}
  // The next unused OUT/.slurm/submission-<n>, and the newest used one (nullopt when there is none).
  static SlurmSubmissionDir next(const std::filesystem::path& out_dir);
  static std::optional<SlurmSubmissionDir> latest(const std::filesystem::path& out_dir);

  const std::filesystem::path& dir() const { return dir_; }
  std::filesystem::path plan() const { return dir_ / "plan.json"; }
  std::filesystem::path task_script() const { return dir_ / "task.sh"; }
  std::filesystem::path merge_script() const { return dir_ / "merge.sh"; }
  std::filesystem::path jobs() const { return dir_ / "jobs.json"; }
  std::filesystem::path task_log_pattern() const { return dir_ / "task-%a.log"; }  // sbatch's %a: the task index
  std::filesystem::path task_log(int task) const { return dir_ / ("task-" + std::to_string(task) + ".log"); }
  std::filesystem::path merge_log() const { return dir_ / "merge.log"; }
  std::filesystem::path seen_marker(int task) const { return dir_ / "seen" / ("task-" + std::to_string(task)); }
  // The tasks that have written their marker.
  int seen_count() const;

 private:
  std::filesystem::path dir_;
};

// The job ids of a submission, as jobs.json keeps them.
struct SlurmJobs {
  std::string array;
  std::string merge;
};
void save_jobs(const SlurmSubmissionDir& dir, const SlurmJobs& jobs);
std::optional<SlurmJobs> load_jobs(const SlurmSubmissionDir& dir);

}  // namespace cudagrade
