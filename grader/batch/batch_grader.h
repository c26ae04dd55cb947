// Grading a whole class: every current submission from intake (intake/intake.h) gets a StudentResult,
// stored atomically as soon as it is known (batch/result_store.h), then the gradebook is written from what is
// stored: grades.csv, students/<id>/report.md and .html, summary.html.
//
// Builds run in parallel (--jobs) through the build cache; runs are one at a time on a GPU, so timings stay
// clean, and in parallel in the CPU simulator. With --resume, a stored result whose file and test cases are
// unchanged is kept, so a run killed at any moment and resumed gives the same gradebook as one uninterrupted.
#pragma once

#include <filesystem>
#include <functional>
#include <future>
#include <thread>
#include <string>
#include <vector>

#include "backend/backend.h"
#include "batch/progress.h"
#include "model/student_result.h"
#include "core/paths.h"
#include "gradebook/gradebook_files.h"
#include "gradebook/late_policy.h"
#include "gradebook/similarity_report.h"
#include "intake/intake.h"
#include "pipeline/race_check.h"
#include "model/lab.h"
#include "pipeline/grader.h"
#include "core/confinement.h"
#include "model/testcase.h"

namespace cudagrade {

struct BatchOptions {
  std::filesystem::path out_dir;
  int jobs = 1;
  bool resume = false;
  Confinement::Level confinement = Confinement::Level::kNone;
  std::string cases_hash;  // of the test-case file's bytes: a changed file regrades everyone
  int gpus = 1;            // on a GPU backend: one queue per device, each pinned with CUDA_VISIBLE_DEVICES
  // On a GPU backend: the simulator that checks every grade for races alongside it (pipeline/race_check.h);
  // null for none.
  Backend* race_checker = nullptr;
  // On a GPU backend, what checks a grade for races: with anything but kOff, compute-sanitizer checks the files
  // the simulator could not (or every file, with kSanitizer), on the student's GPU queue after their grading.
  RaceCheck race_check = RaceCheck::kOff;
  std::filesystem::path compute_sanitizer = default_compute_sanitizer();
  LateRules late;  // the deadline, penalty and extensions the gradebook applies (gradebook/late_policy.h)
  // Whether and how the gradebook checks the class for similar files; the skeleton's path is the lab's.
  SimilarityOptions similarity;
};

struct BatchTally {
  int graded = 0;
  int kept = 0;          // stored results reused by --resume
  int not_gradable = 0;  // intake found no single lab file
  int infra_errors = 0;  // students whose result is the machine's fault: the run must say so loudly
  double build_seconds = 0;  // compiling every file to grade, in parallel
  double run_seconds = 0;    // running and judging them
  double wall_seconds = 0;   // both, end to end
};

class BatchGrader {
 public:
  BatchGrader(const Lab& lab, Backend& backend, ProjectPaths paths, TestSuite suite, BatchOptions options);

  BatchTally grade(const std::vector<Submission>& submissions, Progress& progress);
  // Compiles every current, gradable file into the build cache and runs nothing: the submitting node's part
  // of a class graded on a cluster (batch/slurm_submit.h), whose tasks then find every build in the cache.
  // Returns the seconds it took.
  double build(const std::vector<Submission>& submissions) const;
  // grades.csv, superseded.csv, per-student reports and summary.html, from the stored results and the
  // superseded uploads of this intake.
  WrittenGradebook write_gradebook(const std::vector<Submission>& submissions) const;

 private:
  StudentResult not_gradable(const Submission& submission) const;
  // `race_check`: the simulator's report on the same file (pipeline/race_check.h), or null for none; then
  // compute-sanitizer, on this grader's GPU, where the simulator did not check and options ask for it.
  StudentResult graded(const Submission& submission, Grader& grader,
                       std::future<GradeReport>* race_check = nullptr) const;
  // The simulator's race checks for every student, started at once on half the CPU cores, ahead of the GPU:
  // the GPU grades one student after another and never waits for a check, which can take longer than the
  // student's GPU run. Empty without a race checker; joined when destroyed.
  struct RaceChecks {
    std::vector<std::future<GradeReport>> reports;  // one per student to grade, in order
    std::jthread worker;
  };
  std::unique_ptr<RaceChecks> start_race_checks(const std::vector<const Submission*>& to_grade) const;
  void grade_on_gpus(const std::vector<const Submission*>& to_grade,
                     const std::function<void(const StudentResult&)>& record, BatchTally& tally) const;
  GradeOptions class_grade_options() const;  // hidden cases included, the class's sandbox
  // `limits`: the class's time limits, shared by all its graders (pipeline/time_limits.h).
  std::unique_ptr<Grader> make_grader(std::shared_ptr<TimeLimits> limits, std::optional<int> device = std::nullopt) const;
  // A grader on the race checker (null without one), held to the companions' own limits: the simulator's.
  std::unique_ptr<Grader> make_companion(std::shared_ptr<TimeLimits> limits) const;
  void build_all(const std::vector<const Submission*>& to_grade) const;
  // Builds the file for the backend and the race checker into the build cache; never throws.
  void build_one(const Submission& submission) const;
  double max_score() const;

  const Lab& lab_;
  Backend& backend_;
  ProjectPaths paths_;
  TestSuite suite_;
  BatchOptions options_;
};

// Whether `--resume` keeps a stored result: same file, same upload, same test cases, and not an infra_error
// (the machine's fault, graded again).
bool is_kept_on_resume(const StudentResult& stored, const Submission& submission, const std::string& cases_hash);

// "2015000001 passed 19/26": one progress line.
std::string progress_line(const StudentResult& result);

}  // namespace cudagrade
