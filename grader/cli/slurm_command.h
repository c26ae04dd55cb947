// `cudagrade grade ... --slurm`: a class graded as one Slurm job array (batch/slurm_submit.h), and the two
// commands its jobs run: `slurm-task PLAN` (hidden: one task's shard) and `gradebook DIR` (the merge, also
// for an instructor by hand: the gradebook from the stored results).
#pragma once

#include <memory>
#include <string>

#include "batch/class_manifest.h"
#include "batch/output_lock.h"
#include "cli/class_setup.h"
#include "cli/command_support.h"

namespace cudagrade {

struct SlurmOptions {
  bool enabled = false;
  int shards = 0;  // 0: one per 50 students
  std::string slurm_opt;
  bool wait = false;
  bool build_on_node = false;
};
void add_slurm_options(CLI::App& command, SlurmOptions& options);

// Before anything is taken in or compiled: a UsageError unless `backend` is gpu or sim (the submitting node
// cannot tell what the compute nodes have), an InfraError when there is no sbatch to submit with.
void require_slurm(const std::string& backend);
// The global options the tasks get: the root made absolute, and the build cache in OUT/.cache (which the
// nodes see) unless --cache-dir or $CUDAGRADE_CACHE names one.
GlobalOptions slurm_globals(const GlobalOptions& globals, const std::string& out);

// The class `grade` has taken in, handed over to Slurm.
struct SlurmClass {
  const Lab& lab;
  PreparedRun& run;
  const TestSuite& suite;
  const ClassManifest& manifest;
  ClassSetup& setup;
  std::string backend;
  std::string race_check;
  int jobs;  // --jobs as given, 0 when not
  bool resume;
  const GlobalOptions& globals;
};
// Compiles on this node (unless --build-on-node), submits, and with --wait follows the array to its end. The
// lock on OUT is released once submitted: the merge job takes it.
int grade_on_slurm(const SlurmClass& slurm_class, const SlurmOptions& options, std::unique_ptr<OutputLock> lock);

CommandAction setup_slurm_task(CLI::App& command, const GlobalOptions& globals);
// grades.csv, reports and summary.html from the stored results of the class `grade` took in (its manifest), as
// `grade` writes them at its end; an InfraError, and nothing written, while a student has no result.
void write_gradebook_from_store(const GlobalOptions& globals, const std::filesystem::path& out);
// OUT's lock, waiting up to two minutes for a submitter still holding it (the merge job starts as the array
// ends, while `grade --slurm --wait` may not have let go yet).
std::unique_ptr<OutputLock> lock_waiting(const std::filesystem::path& out);

}  // namespace cudagrade
