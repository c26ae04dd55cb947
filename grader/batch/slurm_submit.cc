#include "batch/slurm_submit.h"

#include <fmt/format.h>

#include <set>
#include <thread>

#include "batch/batch_grader.h"
#include "batch/result_store.h"
#include "core/files.h"
#include "gradebook/layout.h"

namespace cudagrade {
namespace {

constexpr int kQueueFailuresTolerated = 30;  // a controller restarting for a minute is not a failed run

std::string command_line(const std::vector<std::string>& argv) {
  std::string line;
  for (const std::string& word : argv) line += (line.empty() ? "" : " ") + shell_quoted(word);
  return line;
}

void write_script(const std::filesystem::path& file, const std::string& comment, const std::vector<std::string>& argv) {
  write_atomically(file, fmt::format("#!/bin/sh\n{}\nexec {}\n", comment, command_line(argv)));
  std::filesystem::permissions(file, std::filesystem::perms::owner_exec | std::filesystem::perms::group_exec,
                               std::filesystem::perm_options::add);
}

// The stored results of the students about to be graded, moved aside into the submission's folder: a merge
// after a task died must find those students missing, not find an older run's results. Put back if sbatch
// refuses the array, so a refused submission changes nothing.
class SetAside {
 public:
  SetAside(const std::filesystem::path& out_dir, const std::filesystem::path& keep_dir,
           const std::vector<std::string>& students)
      : keep_dir_(keep_dir) {
    const ResultStore store(out_dir);
    for (const std::string& id : students) {
      const std::filesystem::path result = store.student_dir(id) / OutputLayout::kResultFile;
      if (!std::filesystem::exists(result)) continue;
      std::filesystem::create_directories(keep_dir_);
      const std::filesystem::path kept = keep_dir_ / (store.student_dir(id).filename().string() + ".json");
      std::filesystem::rename(result, kept);
      moved_.emplace_back(result, kept);
    }
  }
  void put_back() {
    for (const auto& [result, kept] : moved_) std::filesystem::rename(kept, result);
    moved_.clear();
  }

 private:
  std::filesystem::path keep_dir_;
  std::vector<std::pair<std::filesystem::path, std::filesystem::path>> moved_;
};

// The earlier submission's jobs, when some are still queued or running: a second array over the same
// students would grade them twice and race the first one's merge.
std::optional<std::string> still_running(SlurmClient& slurm, const std::filesystem::path& out_dir) {
  std::optional<SlurmSubmissionDir> latest = SlurmSubmissionDir::latest(out_dir);
  if (!latest) return std::nullopt;
  std::optional<SlurmJobs> jobs = load_jobs(*latest);
  if (!jobs) return std::nullopt;
  const QueueState state = slurm.queue_state({jobs->array, jobs->merge});
  if (state.outcome != QueueState::Outcome::kQueued) return std::nullopt;
  return fmt::format(
      "the previous submission into this folder (jobs {} and {}) is still queued or running: wait for it "
      "(squeue --jobs={},{}) or cancel it (scancel {} {}) first",
      jobs->array, jobs->merge, jobs->array, jobs->merge, jobs->array, jobs->merge);
}

bool is_gpu_option(const std::string& option) {
  for (const char* prefix : {"--gres", "--gpus", "--gpu", "-G", "--tres-per-task", "--mem-per-gpu", "--cpus-per-gpu"}) {
    if (option.rfind(prefix, 0) == 0) return true;
  }
  return false;
}

std::string tail_of(const std::filesystem::path& file, size_t lines) {
  std::optional<std::string> text = try_read_file(file);
  if (!text) return "(no log)";
  size_t position = text->size();
  for (size_t i = 0; i <= lines && position > 0; ++i) {
    position = text->rfind('\n', position - 1);
    if (position == std::string::npos) return *text;
  }
  return text->substr(position + 1);
}

}  // namespace

std::string shell_quoted(const std::string& text) {
  std::string quoted = "'";
  for (char c : text) quoted += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return quoted + "'";
}

std::vector<std::string> merge_job_options(const std::vector<std::string>& slurm_options) {
  std::vector<std::string> options;
  for (size_t i = 0; i < slurm_options.size(); ++i) {
    const std::string& option = slurm_options[i];
    if (!is_gpu_option(option)) {
      options.push_back(option);
    } else if ((option.find('=') == std::string::npos && option.rfind("--", 0) == 0) || option == "-G") {
      ++i;  // "--gres gpu:1": its value goes too
    }
  }
  return options;
}

SlurmSubmission submit_class(SlurmClient& slurm, const ClassManifest& manifest, const SlurmRequest& request) {
  SlurmSubmission submission;
  const std::filesystem::path& out = request.plan.out_dir;
  if (std::optional<std::string> running = still_running(slurm, out)) {
    submission.outcome = SlurmSubmission::Outcome::kStillRunning;
    submission.message = *running;
    return submission;
  }
  submission.students = students_to_grade(manifest, out, request.resume);
  if (submission.students.empty()) {
    submission.outcome = SlurmSubmission::Outcome::kNothingToGrade;
    submission.message = "every student has a stored result for this file and these test cases";
    return submission;
  }
  SlurmPlan plan = request.plan;
  plan.shards = split_into_shards(submission.students,
                                  request.shards > 0 ? request.shards : default_shard_count(
                                                                            static_cast<int>(submission.students.size())));
  submission.tasks = static_cast<int>(plan.shards.size());
  const SlurmSubmissionDir dir = SlurmSubmissionDir::next(out);
  submission.dir = dir.dir();
  save_plan(dir.plan(), plan);

  std::vector<std::string> task_argv = request.cudagrade_argv;
  task_argv.insert(task_argv.end(), {"slurm-task", dir.plan().string()});
  write_script(dir.task_script(),
               "# One shard of the class in " + out.string() +
                   ", written by `cudagrade grade --slurm`: sbatch runs it once per array task,\n"
                   "# and SLURM_ARRAY_TASK_ID names the shard.",
               task_argv);
  std::vector<std::string> merge_argv = request.cudagrade_argv;
  merge_argv.insert(merge_argv.end(), {"gradebook", out.string()});
  write_script(dir.merge_script(),
               "# The merge, written by `cudagrade grade --slurm`: the gradebook from the stored results, once the\n"
               "# array has ended. It refuses to write one while a student has no result.",
               merge_argv);

  SetAside set_aside(out, dir.dir() / "replaced", submission.students);
  std::vector<std::string> array_options = {
      fmt::format("--array=0-{}", submission.tasks - 1),
      "--job-name=cudagrade-" + manifest.lab,
      "--output=" + dir.task_log_pattern().string(),
      fmt::format("--cpus-per-task={}", plan.jobs),
      "--chdir=" + out.string(),
  };
  array_options.insert(array_options.end(), request.slurm_options.begin(), request.slurm_options.end());
  const SbatchOutcome array = slurm.submit(array_options, dir.task_script());
  if (array.outcome != SbatchOutcome::Outcome::kSubmitted) {
    set_aside.put_back();
    submission.outcome = array.outcome == SbatchOutcome::Outcome::kNoSbatch ? SlurmSubmission::Outcome::kNoSbatch
                                                                           : SlurmSubmission::Outcome::kRejected;
    submission.message = array.message;
    return submission;
  }
  std::vector<std::string> merge_options = {
      "--dependency=afterany:" + array.job_id,
      "--job-name=cudagrade-" + manifest.lab + "-merge",
      "--output=" + dir.merge_log().string(),
      "--cpus-per-task=1",
      "--chdir=" + out.string(),
  };
  const std::vector<std::string> user_merge_options = merge_job_options(request.slurm_options);
  merge_options.insert(merge_options.end(), user_merge_options.begin(), user_merge_options.end());
  const SbatchOutcome merge = slurm.submit(merge_options, dir.merge_script());
  if (merge.outcome != SbatchOutcome::Outcome::kSubmitted) {
    slurm.cancel(array.job_id);  // an array without its merge would leave no gradebook and no word why
    submission.outcome = SlurmSubmission::Outcome::kRejected;
    submission.message = fmt::format("the merge job was refused, so array {} was cancelled: {}", array.job_id,
                                     merge.message);
    return submission;
  }
  submission.jobs = {array.job_id, merge.job_id};
  save_jobs(dir, submission.jobs);
  submission.outcome = SlurmSubmission::Outcome::kSubmitted;
  return submission;
}

SlurmWait wait_for_class(SlurmClient& slurm, const SlurmSubmission& submission, const std::filesystem::path& out_dir,
                         Progress& progress, std::chrono::milliseconds poll) {
  const ResultStore store(out_dir);
  std::set<std::string> waiting(submission.students.begin(), submission.students.end());
  auto report_landed = [&] {
    for (auto it = waiting.begin(); it != waiting.end();) {
      if (std::optional<StudentResult> result = store.load(*it)) {
        progress.advance(progress_line(*result));
        it = waiting.erase(it);
      } else {
        ++it;
      }
    }
  };
  SlurmWait wait;
  int failures = 0;
  for (;;) {
    report_landed();
    const QueueState state = slurm.queue_state({submission.jobs.array, submission.jobs.merge});
    if (state.outcome == QueueState::Outcome::kGone) break;
    if (state.outcome == QueueState::Outcome::kUnknown && ++failures >= kQueueFailuresTolerated) {
      wait.message = fmt::format("squeue failed {} times in a row ({}); the jobs may still run: squeue --jobs={},{}",
                                 failures, state.message, submission.jobs.array, submission.jobs.merge);
      return wait;
    }
    if (state.outcome == QueueState::Outcome::kQueued) failures = 0;
    std::this_thread::sleep_for(poll);
  }
  report_landed();
  progress.finish();

  const SlurmSubmissionDir dir(submission.dir);
  if (dir.seen_count() == 0) {
    wait.outcome = SlurmWait::Outcome::kNotShared;
    wait.message = fmt::format(
        "no task of job {} left its marker in {}: the compute nodes do not see {} (put --out on the "
        "filesystem the nodes share, such as /home or /scratch), or every task was cancelled before it began; "
        "the tasks' logs, where the nodes could write them, are {}",
        submission.jobs.array, (dir.dir() / "seen").string(), out_dir.string(), dir.task_log_pattern().string());
    return wait;
  }
  if (!waiting.empty()) {
    wait.outcome = SlurmWait::Outcome::kStudentsMissing;
    wait.missing = static_cast<int>(waiting.size());
    wait.message = fmt::format(
        "{} of {} students got no result: a task ended before grading them (node failure, preemption, time limit "
        "or scancel; see {}). No gradebook was written. Run the same command with --resume: only they are "
        "graded again",
        waiting.size(), submission.students.size(), dir.task_log_pattern().string());
    return wait;
  }
  // Written after this submission's plan: an older gradebook in the folder is not this merge's.
  std::error_code error;
  const auto grades_time = std::filesystem::last_write_time(OutputLayout(out_dir).grades_csv(), error);
  const bool merged = !error && grades_time > std::filesystem::last_write_time(dir.plan());
  if (!merged) {
    wait.outcome = SlurmWait::Outcome::kMergeFailed;
    wait.message = fmt::format("the merge job {} wrote no gradebook; its log ({}) ends:\n{}", submission.jobs.merge,
                               dir.merge_log().string(), tail_of(dir.merge_log(), 10));
    return wait;
  }
  wait.outcome = SlurmWait::Outcome::kMerged;
  return wait;
}

}  // namespace cudagrade
