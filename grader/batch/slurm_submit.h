// A class graded as one Slurm job array (`cudagrade grade --slurm`): the submitting node has taken the class
// in and compiled it; this submits one task a shard and a merge job that runs when the array ends, however
// it ends (`--dependency=afterany`), and, with --wait, follows the results as they land.
//
// Every student's result is stored atomically by the task that grades them (batch/result_store.h), so a task
// that dies (node failure, preemption, time limit, scancel) loses only its unstored students: the merge then
// refuses to write a gradebook with holes, and `--resume` submits only the students without a result.
#pragma once

#include <chrono>
#include <filesystem>
#include <string>
#include <vector>

#include "batch/class_manifest.h"
#include "batch/progress.h"
#include "batch/slurm_client.h"
#include "batch/slurm_plan.h"

namespace cudagrade {

struct SlurmRequest {
  SlurmPlan plan;                            // out_dir, backend, sandbox, race_check, jobs; shards are filled in
  int shards = 0;                            // 0: default_shard_count
  bool resume = false;
  std::vector<std::string> slurm_options;    // --slurm-opt's words, given to sbatch for the array and the merge
  std::vector<std::string> cudagrade_argv;   // this grader and its global options (--root, --cache-dir), absolute
};

struct SlurmSubmission {
  enum class Outcome { kSubmitted, kNothingToGrade, kStillRunning, kNoSbatch, kRejected } outcome =
      Outcome::kRejected;
  std::string message;  // all but kSubmitted: why, for the instructor
  std::vector<std::string> students;  // those the array grades
  int tasks = 0;
  SlurmJobs jobs;
  std::filesystem::path dir;  // OUT/.slurm/submission-<n>
};

SlurmSubmission submit_class(SlurmClient& slurm, const ClassManifest& manifest, const SlurmRequest& request);

// The merge job's options: the user's, less those that ask for GPUs, which writing a gradebook needs none of.
std::vector<std::string> merge_job_options(const std::vector<std::string>& slurm_options);
// `text` quoted for sh.
std::string shell_quoted(const std::string& text);

struct SlurmWait {
  enum class Outcome { kMerged, kStudentsMissing, kNotShared, kMergeFailed, kQueueUnreadable } outcome =
      Outcome::kQueueUnreadable;
  int missing = 0;
  std::string message;  // all but kMerged
};

// Polls the queue and the results every `poll` until both jobs have left the queue, advancing `progress` by one
// line for every student's result as it lands, then says how the submission ended.
SlurmWait wait_for_class(SlurmClient& slurm, const SlurmSubmission& submission, const std::filesystem::path& out_dir,
                         Progress& progress, std::chrono::milliseconds poll);

}  // namespace cudagrade
