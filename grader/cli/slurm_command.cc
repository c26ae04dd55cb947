#include "cli/slurm_command.h"

#include <fmt/format.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <iostream>
#include <set>
#include <thread>

#include "batch/result_store.h"
#include "batch/slurm_client.h"
#include "batch/slurm_submit.h"
#include "core/files.h"
#include "gradebook/gradebook_files.h"
#include "gradebook/layout.h"

namespace cudagrade {
namespace {

constexpr std::chrono::milliseconds kPollInterval{2000};
constexpr int kDefaultTaskCpus = 2;  // a GPU task's own checks; a simulator task gets --jobs
constexpr int kLockAttempts = 120;   // the merge waits up to two minutes for a submitter still holding OUT

std::filesystem::path this_program() { return std::filesystem::read_symlink("/proc/self/exe"); }

std::string hostname() {
  char name[256] = {};
  return ::gethostname(name, sizeof(name) - 1) == 0 ? std::string(name) : std::string("unknown");
}

LoadedManifest manifest_of(const std::filesystem::path& out) {
  LoadedManifest loaded = load_manifest(OutputLayout(out).class_manifest());
  if (loaded.outcome != LoadedManifest::Outcome::kLoaded) throw UsageError(loaded.message);
  return loaded;
}

// The ids of the current students who have no stored result.
std::vector<std::string> students_without_result(const ClassManifest& manifest, const std::filesystem::path& out) {
  const ResultStore store(out);
  std::vector<std::string> missing;
  for (const Submission* submission : manifest.current()) {
    if (!store.load(submission->identity.id)) missing.push_back(submission->identity.id);
  }
  return missing;
}

// The late rules the folder's gradebook already applies, else the test cases' `late:`, else none.
LateRules late_rules_of_class(const std::filesystem::path& out, const TestSuite& suite) {
  std::string problem;
  const std::optional<GradebookRoster> roster = read_gradebook_roster(OutputLayout(out), problem);
  if (roster) return roster->late;
  if (!suite.late) return {};
  try {
    return LateOptions{suite.late->deadline, suite.late->policy, ""}.rules({});
  } catch (const UsageError& error) {
    throw UsageError(fmt::format("{}:{}: {}", suite.path, suite.late->line, error.what()));
  }
}

}  // namespace

// grades.csv, reports and summary.html from the stored results, as `grade` writes them at its end; an
// InfraError, and nothing written, while a student has no result.
void write_gradebook_from_store(const GlobalOptions& globals, const std::filesystem::path& out) {
  const ClassManifest manifest = manifest_of(out).manifest;
  const std::vector<std::string> missing = students_without_result(manifest, out);
  if (!missing.empty()) {
    const size_t shown = std::min<size_t>(missing.size(), 5);
    throw InfraError(fmt::format(
        "{} of {} students have no stored result ({}{}): their grading did not finish, so no gradebook was "
        "written. Grade again with --resume (and --slurm on a cluster): only they are graded",
        missing.size(), manifest.current().size(),
        fmt::join(std::vector<std::string>(missing.begin(), missing.begin() + static_cast<long>(shown)), ", "),
        missing.size() > shown ? ", ..." : ""));
  }
  const Lab& lab = lab_named(manifest.lab);
  auto run = prepare_backend(globals, "sim");  // writes no grade: the Backend is only BatchGrader's to hold
  const TestSuite suite = load_suite(run->paths, lab, manifest.cases_file.string());
  BatchOptions options;
  options.out_dir = out;
  options.cases_hash = manifest.cases_hash;
  options.late = late_rules_of_class(out, suite);
  std::string problem;
  if (const std::optional<GradebookRoster> roster = read_gradebook_roster(OutputLayout(out), problem)) {
    options.similarity = roster->similarity.value_or(SimilarityOptions{});
  }
  BatchGrader(lab, *run->backend.backend, run->paths, suite, options).write_gradebook(manifest.submissions);
  std::cout << fmt::format("gradebook: {}/grades.csv, reports in {}/students/, overview in {}/summary.html\n",
                           out.string(), out.string(), out.string());
}

std::unique_ptr<OutputLock> lock_waiting(const std::filesystem::path& out) {
  OutputLock::Outcome locked;
  std::string holder;
  for (int attempt = 0; attempt < kLockAttempts; ++attempt) {
    if (std::unique_ptr<OutputLock> lock = OutputLock::acquire(out, locked, holder)) return lock;
    std::this_thread::sleep_for(std::chrono::seconds(1));
  }
  throw InfraError(fmt::format("{} is in use by {}; wait for it and run `cudagrade gradebook {}` again", out.string(),
                               holder, out.string()));
}

namespace {

void print_follow_up(const SlurmSubmission& submission, const std::filesystem::path& out) {
  std::cout << fmt::format(
      "follow: squeue --jobs={},{}   (after: sacct --jobs={},{} where accounting is on)\n"
      "logs: {}/task-<i>.log and merge.log\n"
      "gradebook: {}/grades.csv once job {} has ended; if a task died, run the same command with --resume\n",
      submission.jobs.array, submission.jobs.merge, submission.jobs.array, submission.jobs.merge,
      submission.dir.string(), out.string(), submission.jobs.merge);
}

int waited(SlurmClient& slurm, const SlurmSubmission& submission, const ClassManifest& manifest,
           const std::filesystem::path& out) {
  Progress progress(std::cerr, static_cast<int>(submission.students.size()), isatty(STDERR_FILENO) != 0);
  const auto began = std::chrono::steady_clock::now();
  const SlurmWait wait = wait_for_class(slurm, submission, out, progress, kPollInterval);
  if (wait.outcome != SlurmWait::Outcome::kMerged) throw InfraError(wait.message);
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - began).count();
  int infra_errors = 0;
  const ResultStore store(out);
  for (const Submission* current : manifest.current()) {
    std::optional<StudentResult> result = store.load(current->identity.id);
    if (result && result->status == StudentStatus(CaseStatus::kInfraError)) ++infra_errors;
  }
  std::cout << fmt::format("{} students graded by {} tasks in {:.1f} s from submission to gradebook\n",
                           submission.students.size(), submission.tasks, seconds)
            << fmt::format("gradebook: {}/grades.csv, reports in {}/students/, overview in {}/summary.html\n",
                           out.string(), out.string(), out.string());
  if (infra_errors > 0) {
    std::cerr << fmt::format(
        "cudagrade: {} student(s) got infra_error: the machine, not their code, failed (see their reports). "
        "Run again with --resume to regrade only them.\n",
        infra_errors);
    return kExitInfra;
  }
  return kExitPassed;
}

}  // namespace

void add_slurm_options(CLI::App& command, SlurmOptions& options) {
  command.add_flag("--slurm", options.enabled,
                   "grade as one Slurm job array (one task a shard) and a merge job; --out must be on the "
                   "filesystem the nodes share (docs/SCALING.md)");
  command.add_option("--shards", options.shards, "with --slurm: tasks in the array (default: one per 50 students)")
      ->check(CLI::Range(1, 10000));
  command.add_option("--slurm-opt", options.slurm_opt,
                     "with --slurm: sbatch options for every task, e.g. \"--partition=gpu --gres=gpu:1 "
                     "--time=00:30:00\" (the merge job gets them less the GPU ones)");
  command.add_flag("--wait", options.wait, "with --slurm: wait for the gradebook, printing results as they land");
  command.add_flag("--build-on-node", options.build_on_node,
                   "with --slurm: compile in the tasks, for clusters whose login nodes must not compile");
}

void require_slurm(const std::string& backend) {
  if (backend != "gpu" && backend != "sim") {
    throw UsageError("--slurm needs --backend gpu or --backend sim: the submitting node cannot tell what the compute "
                     "nodes have");
  }
  SubprocessCommandRunner runner;
  SlurmClient slurm(runner);
  std::string message;
  if (slurm.sbatch_presence(message) != SlurmClient::Presence::kPresent) throw InfraError(message);
}

GlobalOptions slurm_globals(const GlobalOptions& globals, const std::string& out) {
  GlobalOptions result = globals;
  const ProjectPaths paths = ProjectPaths::discover(globals.root, globals.cache_dir);
  result.root = std::filesystem::absolute(paths.root).string();
  const bool cache_named = !globals.cache_dir.empty() || std::getenv("CUDAGRADE_CACHE") != nullptr;
  result.cache_dir = std::filesystem::absolute(cache_named ? paths.cache : OutputLayout(out).build_cache()).string();
  return result;
}

int grade_on_slurm(const SlurmClass& slurm_class, const SlurmOptions& options, std::unique_ptr<OutputLock> lock) {
  const std::filesystem::path out = std::filesystem::absolute(slurm_class.setup.options.out_dir);
  const int task_cpus = slurm_class.jobs > 0 ? slurm_class.jobs : kDefaultTaskCpus;
  if (!options.build_on_node) {
    BatchGrader builder(slurm_class.lab, *slurm_class.run.backend.backend, slurm_class.run.paths, slurm_class.suite,
                        slurm_class.setup.options);
    // Only the files this submission grades: with --resume, those without a kept result.
    const std::vector<std::string> ids = students_to_grade(slurm_class.manifest, out, slurm_class.resume);
    const std::set<std::string> to_grade(ids.begin(), ids.end());
    std::vector<Submission> to_build;
    for (const Submission& submission : slurm_class.manifest.submissions) {
      if (to_grade.count(submission.identity.id) != 0) to_build.push_back(submission);
    }
    const double seconds = builder.build(to_build);
    std::cerr << fmt::format("cudagrade: compiled the class here in {:.1f} s ({} jobs), into {}\n", seconds,
                             slurm_class.setup.options.jobs, slurm_class.run.paths.cache.string());
  }

  SlurmRequest request;
  request.plan = {out, slurm_class.backend, to_string(slurm_class.setup.options.confinement), slurm_class.race_check,
                  task_cpus, {}};
  request.shards = options.shards;
  request.resume = slurm_class.resume;
  request.slurm_options = split_options(options.slurm_opt);
  request.cudagrade_argv = {this_program().string(), "--root", slurm_class.globals.root, "--cache-dir",
                            slurm_class.globals.cache_dir};
  SlurmClient slurm(slurm_class.run.command_runner);
  const SlurmSubmission submission = submit_class(slurm, slurm_class.manifest, request);
  switch (submission.outcome) {
    case SlurmSubmission::Outcome::kSubmitted: break;
    case SlurmSubmission::Outcome::kNothingToGrade:
      std::cerr << "cudagrade: " << submission.message << ": nothing to submit; writing the gradebook here\n";
      write_gradebook_from_store(slurm_class.globals, out);
      return kExitPassed;
    case SlurmSubmission::Outcome::kStillRunning:
    case SlurmSubmission::Outcome::kNoSbatch:
    case SlurmSubmission::Outcome::kRejected: throw InfraError(submission.message);
  }
  lock.reset();  // the merge job takes it
  std::cout << fmt::format("submitted job array {} ({} tasks for {} students) and merge job {} (runs when the array "
                           "ends)\n",
                           submission.jobs.array, submission.tasks, submission.students.size(), submission.jobs.merge);
  if (!options.wait) {
    print_follow_up(submission, out);
    return kExitPassed;
  }
  return waited(slurm, submission, slurm_class.manifest, out);
}

CommandAction setup_slurm_task(CLI::App& command, const GlobalOptions& globals) {
  struct Options {
    std::string plan;
    int shard = -1;
  };
  auto options = std::make_shared<Options>();
  command.add_option("plan", options->plan, "OUT/.slurm/submission-<n>/plan.json")->required();
  command.add_option("--shard", options->shard, "the shard to grade (default: $SLURM_ARRAY_TASK_ID)");
  return [options, &globals] {
    std::string problem;
    std::optional<SlurmPlan> plan = load_plan(options->plan, problem);
    if (!plan) throw InfraError(problem);
    const char* array_task = std::getenv("SLURM_ARRAY_TASK_ID");
    const int shard = options->shard >= 0 ? options->shard : array_task ? std::atoi(array_task) : -1;
    if (shard < 0 || shard >= static_cast<int>(plan->shards.size())) {
      throw UsageError(fmt::format("no shard {} in {} ({} shards); give --shard or run as an array task", shard,
                                   options->plan, plan->shards.size()));
    }
    const SlurmSubmissionDir dir(std::filesystem::path(options->plan).parent_path());
    std::filesystem::create_directories(dir.seen_marker(shard).parent_path());
    write_atomically(dir.seen_marker(shard), hostname() + "\n");

    const ClassManifest manifest = manifest_of(plan->out_dir).manifest;
    if (cases_file_hash(manifest.cases_file) != manifest.cases_hash) {
      throw InfraError(fmt::format("{} changed since the class was submitted; submit it again",
                                   manifest.cases_file.string()));
    }
    const Lab& lab = lab_named(manifest.lab);
    auto run = prepare_backend(globals, plan->backend);
    const TestSuite suite = load_suite(run->paths, lab, manifest.cases_file.string());
    // Always as --resume: a task Slurm requeued (node failure, preemption) keeps what it stored before.
    ClassSetup setup = class_setup(*run, plan->out_dir, plan->jobs, /*resume=*/true, plan->sandbox, plan->race_check,
                                   manifest.cases_hash);
    const std::vector<std::string>& ids = plan->shards[static_cast<size_t>(shard)];
    const std::set<std::string> wanted(ids.begin(), ids.end());
    std::vector<Submission> shard_submissions;
    for (const Submission* submission : manifest.current()) {
      if (wanted.count(submission->identity.id) != 0) shard_submissions.push_back(*submission);
    }
    std::cerr << fmt::format("cudagrade: shard {} of {}: {} students on {}\n", shard, plan->shards.size(),
                             shard_submissions.size(), hostname());
    Progress progress(std::cerr, static_cast<int>(shard_submissions.size()), false);
    BatchGrader grader(lab, *run->backend.backend, run->paths, suite, setup.options);
    const BatchTally tally = grader.grade(shard_submissions, progress);
    std::cerr << fmt::format("cudagrade: shard {}: {} graded, {} kept, {:.1f} s compiling, {:.1f} s running\n", shard,
                             tally.graded, tally.kept, tally.build_seconds, tally.run_seconds);
    return static_cast<int>(tally.infra_errors > 0 ? kExitInfra : kExitPassed);
  };
}

}  // namespace cudagrade
