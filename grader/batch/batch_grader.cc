#include "batch/batch_grader.h"

#include <fmt/format.h>

#include <chrono>
#include <mutex>

#include "batch/result_store.h"
#include "core/files.h"
#include "core/parallel.h"
#include "core/phase_clock.h"
#include "core/version.h"
#include "gradebook/gradebook_files.h"
#include "gradebook/grades_csv.h"
#include "gradebook/layout.h"
#include "gradebook/roster.h"
#include "pipeline/race_check.h"
#include "pipeline/grader.h"
#include "score/scoring.h"

namespace cudagrade {
namespace {

// The first thing a student should read: the build's words when it did not build, else the first case that
// did not pass.
std::string headline_of(const GradeReport& report) {
  if (report.verdict == CaseStatus::kCompileError || report.verdict == CaseStatus::kRejected ||
      report.verdict == CaseStatus::kUnsupported) {
    return report.build_summary;
  }
  for (const CaseResult& result : report.cases) {
    if (result.status != CaseStatus::kPassed && result.status != CaseStatus::kSkipped) {
      return result.name + ": " + result.message;
    }
  }
  return "every case passed";
}

}  // namespace

// Intake's outcomes other than kFound, as the gradebook names them. A found file is graded, so its line's
// status is the verdict; until then it reads as missing.
UploadProblem upload_problem_of(Submission::Outcome outcome) {
  switch (outcome) {
    case Submission::Outcome::kAmbiguous: return UploadProblem::kAmbiguousFile;
    case Submission::Outcome::kNotAnArchive: return UploadProblem::kNotAnArchive;
    case Submission::Outcome::kUnsafeArchive: return UploadProblem::kUnsafeArchive;
    case Submission::Outcome::kTooLarge: return UploadProblem::kTooLarge;
    case Submission::Outcome::kDamaged: return UploadProblem::kDamaged;
    case Submission::Outcome::kFound:
    case Submission::Outcome::kMissingFile: break;
  }
  return UploadProblem::kMissingFile;
}

bool is_kept_on_resume(const StudentResult& stored, const Submission& submission, const std::string& cases_hash) {
  return stored.content_hash == submission.content_hash && stored.cases_hash == cases_hash &&
         stored.upload == submission.upload_name && stored.status != StudentStatus(CaseStatus::kInfraError);
}

std::string progress_line(const StudentResult& result) {
  return fmt::format("{} {} {}/{}", result.student_id, to_string(result.status), csv_number(result.score),
                     csv_number(result.max_score));
}

BatchGrader::BatchGrader(const Lab& lab, Backend& backend, ProjectPaths paths, TestSuite suite, BatchOptions options)
    : lab_(lab), backend_(backend), paths_(std::move(paths)), suite_(std::move(suite)), options_(std::move(options)) {}

double BatchGrader::max_score() const {
  double total = 0;
  for (const TestCase& test_case : suite_.cases) total += case_max_points(test_case, backend_.can_time());
  return total;
}

StudentResult BatchGrader::not_gradable(const Submission& submission) const {
  StudentResult result;
  result.student_id = submission.identity.id;
  result.name = submission.identity.name;
  result.upload = submission.upload_name;
  result.status = upload_problem_of(submission.outcome);
  result.max_score = max_score();
  result.message = submission.message;
  result.notes = submission.notes;
  result.content_hash = submission.content_hash;
  result.cases_hash = options_.cases_hash;
  result.grader_version = grader_version().version;
  result.grader_commit = grader_version().commit;
  result.id_source = submission.identity.pattern;
  result.uploaded_at = std::chrono::duration_cast<std::chrono::seconds>(submission.uploaded.time_since_epoch()).count();
  result.uploaded_from = submission.time_source == Submission::TimeSource::kLms ? "the LMS's file name" : "the file's time";
  result.marked_late = submission.identity.lateness == Identity::Lateness::kLate;
  return result;
}

GradeOptions BatchGrader::class_grade_options() const {
  GradeOptions grade_options;
  grade_options.include_hidden = true;
  grade_options.confinement = options_.confinement;
  grade_options.compute_sanitizer = options_.compute_sanitizer;
  return grade_options;
}

std::unique_ptr<Grader> BatchGrader::make_grader(std::shared_ptr<TimeLimits> limits, std::optional<int> device) const {
  GradeOptions grade_options = class_grade_options();
  grade_options.device = device;
  grade_options.limits = std::move(limits);
  return std::make_unique<Grader>(lab_, backend_, paths_, grade_options);
}

std::unique_ptr<Grader> BatchGrader::make_companion(std::shared_ptr<TimeLimits> limits) const {
  if (options_.race_checker == nullptr) return nullptr;
  GradeOptions grade_options = class_grade_options();
  grade_options.limits = std::move(limits);
  return std::make_unique<Grader>(lab_, *options_.race_checker, paths_, grade_options);
}

std::unique_ptr<BatchGrader::RaceChecks> BatchGrader::start_race_checks(
    const std::vector<const Submission*>& to_grade) const {
  auto checks = std::make_unique<RaceChecks>();
  if (options_.race_checker == nullptr) return checks;
  auto promises = std::make_shared<std::vector<std::promise<GradeReport>>>(to_grade.size());
  for (std::promise<GradeReport>& promise : *promises) checks->reports.push_back(promise.get_future());
  const int workers = std::max(1, options_.jobs / 2);  // the other half: the GPU run's own host checks
  const auto limits = std::make_shared<TimeLimits>();  // the simulator's, for the whole class
  checks->worker = std::jthread([this, to_grade, promises, workers, limits] {
    ScopedPhase phase("race check: the simulator's grades of the class, beside");
    parallel_for(static_cast<int64_t>(to_grade.size()), workers, [&](int64_t i) {
      PhaseClock::QuietThread quiet;
      std::promise<GradeReport>& promise = (*promises)[static_cast<size_t>(i)];
      try {
        promise.set_value(make_companion(limits)->grade(to_grade[static_cast<size_t>(i)]->lab_file, suite_));
      } catch (...) {
        promise.set_exception(std::current_exception());
      }
    });
  });
  return checks;
}

StudentResult BatchGrader::graded(const Submission& submission, Grader& grader,
                                  std::future<GradeReport>* race_check) const {
  GradeReport report = grader.grade(submission.lab_file, suite_);
  if (options_.race_check != RaceCheck::kOff) {
    finish_race_check(grader, submission.lab_file, suite_, report, race_check);
  } else if (race_check != nullptr && race_check->valid()) {
    apply_race_check(report, std::move(*race_check));
  }
  settle_uncounted_efficiency(report, "it did not run beside this GPU grade (--race-check off)");
  report.submission = submission.upload_name;  // not the grader's working copy

  StudentResult result = not_gradable(submission);
  result.status = report.verdict;
  result.score = report.score;
  result.max_score = report.max_score;
  result.message = headline_of(report);
  Confinement confinement;
  confinement.level = options_.confinement;
  result.isolation = confinement.describe();
  result.report = std::move(report);
  return result;
}

void BatchGrader::build_one(const Submission& submission) const {
  const BuildRequest request{&lab_, submission.lab_file, {}, BuildRequest::Provenance::kStudent, options_.confinement};
  try {
    backend_.toolchain().build(request);
    if (options_.race_checker != nullptr) options_.race_checker->toolchain().build(request);
  } catch (const std::exception&) {
    // Grading builds the file again and reports whatever went wrong as that student's result.
  }
}

// Compiles every file before anything runs, for the race checker too: the compiles use every core, the runs
// then find their builds in the cache. The first build alone builds the shared harness, so the others do not
// all race to.
void BatchGrader::build_all(const std::vector<const Submission*>& to_grade) const {
  if (to_grade.empty()) return;
  build_one(*to_grade[0]);
  parallel_for(static_cast<int64_t>(to_grade.size()) - 1, options_.jobs,
               [&](int64_t i) { build_one(*to_grade[static_cast<size_t>(i) + 1]); });
}

double BatchGrader::build(const std::vector<Submission>& submissions) const {
  std::vector<const Submission*> to_build;
  for (const Submission& submission : submissions) {
    if (submission.standing == Submission::Standing::kCurrent && submission.outcome == Submission::Outcome::kFound) {
      to_build.push_back(&submission);
    }
  }
  const auto began = std::chrono::steady_clock::now();
  build_all(to_build);
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - began).count();
}

// On a GPU one job at a time per device, so no run's timing shares a device with another, and one grader
// per device, so the references are timed once per case and device rather than once per student. Every file
// is built before anything runs: a compile beside a timing can delay the launches it times, and the
// references are timed once, early, while the students are timed throughout.
void BatchGrader::grade_on_gpus(const std::vector<const Submission*>& to_grade,
                                const std::function<void(const StudentResult&)>& record, BatchTally& tally) const {
  const auto began = std::chrono::steady_clock::now();
  {
    ScopedPhase phase("compile the class (every core)");
    build_all(to_grade);
  }
  const auto built = std::chrono::steady_clock::now();
  std::unique_ptr<RaceChecks> race_checks = start_race_checks(to_grade);
  auto race_check_of = [&](size_t i) { return race_checks->reports.empty() ? nullptr : &race_checks->reports[i]; };
  const size_t gpus = static_cast<size_t>(std::max(1, options_.gpus));
  const auto limits = std::make_shared<TimeLimits>();  // measured once for the class, whichever GPU needs it first
  parallel_for(static_cast<int64_t>(gpus), static_cast<int64_t>(gpus), [&](int64_t device) {
    std::unique_ptr<Grader> grader =
        gpus > 1 ? make_grader(limits, static_cast<int>(device)) : make_grader(limits);
    for (size_t i = static_cast<size_t>(device); i < to_grade.size(); i += gpus) {
      ScopedPhase phase("one student on the GPU, from start to stored result");
      record(graded(*to_grade[i], *grader, race_check_of(i)));
    }
  });
  tally.build_seconds = std::chrono::duration<double>(built - began).count();
  tally.run_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - built).count();
}

BatchTally BatchGrader::grade(const std::vector<Submission>& submissions, Progress& progress) {
  const ResultStore store(options_.out_dir);
  BatchTally tally;
  std::mutex report_mutex;
  auto record = [&](const StudentResult& result, const std::string& suffix) {
    store.save(result);
    std::lock_guard<std::mutex> lock(report_mutex);
    if (result.status == StudentStatus(CaseStatus::kInfraError)) ++tally.infra_errors;
    progress.advance(progress_line(result) + suffix);
  };

  std::vector<const Submission*> to_grade;
  for (const Submission& submission : submissions) {
    if (submission.standing != Submission::Standing::kCurrent) continue;
    if (submission.outcome != Submission::Outcome::kFound) {
      ++tally.not_gradable;
      record(not_gradable(submission), "");
      continue;
    }
    if (options_.resume) {
      std::optional<StudentResult> stored = store.load(submission.identity.id);
      if (stored && is_kept_on_resume(*stored, submission, options_.cases_hash)) {
        ++tally.kept;
        std::lock_guard<std::mutex> lock(report_mutex);
        progress.advance(progress_line(*stored) + " (kept)");
        continue;
      }
    }
    to_grade.push_back(&submission);
  }

  backend_.availability();  // probed once, before any thread asks
  const auto began = std::chrono::steady_clock::now();
  if (backend_.can_time()) {
    grade_on_gpus(to_grade, [&](const StudentResult& result) { record(result, ""); }, tally);
  } else {
    {
      ScopedPhase phase("compile the class (every core)");
      build_all(to_grade);
    }
    const auto built = std::chrono::steady_clock::now();
    tally.build_seconds = std::chrono::duration<double>(built - began).count();
    // One grader per student, in parallel, all held to the limits the first to need each case measures: in
    // the simulator the references' runs take seconds, which each hanging student's grader used to spend again.
    const auto limits = std::make_shared<TimeLimits>();
    parallel_for(static_cast<int64_t>(to_grade.size()), options_.jobs, [&](int64_t i) {
      std::unique_ptr<Grader> grader = make_grader(limits);
      record(graded(*to_grade[static_cast<size_t>(i)], *grader), "");
    });
    tally.run_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - built).count();
  }
  tally.graded = static_cast<int>(to_grade.size());
  tally.wall_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - began).count();
  progress.finish();
  return tally;
}

WrittenGradebook BatchGrader::write_gradebook(const std::vector<Submission>& submissions) const {
  const ResultStore store(options_.out_dir);
  std::vector<StudentResult> results = store.load_all();
  // Only students this intake still has: a folder regraded without someone's upload drops them.
  std::vector<StudentResult> current;
  for (StudentResult& result : results) {
    const bool present = std::any_of(submissions.begin(), submissions.end(), [&](const Submission& submission) {
      return submission.standing == Submission::Standing::kCurrent && submission.identity.id == result.student_id;
    });
    if (present) current.push_back(std::move(result));
  }
  for (const Submission& submission : submissions) {
    if (submission.standing != Submission::Standing::kSuperseded) continue;
    StudentResult superseded = not_gradable(submission);
    superseded.status = UploadProblem::kSuperseded;
    superseded.message = "not graded: a later upload from the same student replaced it";
    current.push_back(std::move(superseded));
  }
  Gradebook gradebook{lab_.name(), std::move(current), {}, options_.late, options_.similarity};
  gradebook.similarity.skeleton = paths_.skeleton_dir(lab_.name()) / lab_.submission_file();
  for (const Submission& submission : submissions) {
    if (submission.standing == Submission::Standing::kCurrent && submission.outcome == Submission::Outcome::kFound) {
      gradebook.graded_files[submission.identity.id] = submission.lab_file;
    }
  }
  return write_gradebook_files(OutputLayout(options_.out_dir), gradebook);
}

}  // namespace cudagrade
