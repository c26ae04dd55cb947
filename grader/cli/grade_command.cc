// `cudagrade grade <lab> <folder-or-zip> --out DIR`: a whole class from an LMS download, into a gradebook.
// The stages live in intake/ (what was uploaded, by whom), batch/ (grading each student, stored atomically,
// resumable) and gradebook/ (grades.csv, reports, summary.html); this file only wires options to them.
#include <fmt/format.h>
#include <unistd.h>

#include <iostream>
#include <optional>

#include "batch/batch_grader.h"
#include "batch/class_manifest.h"
#include "batch/output_lock.h"
#include "gradebook/gradebook_files.h"
#include "gradebook/layout.h"
#include "cli/class_setup.h"
#include "cli/command_support.h"
#include "cli/slurm_command.h"
#include "backend/gpu_probe.h"
#include "core/files.h"

namespace cudagrade {
namespace {

struct GradeCommandOptions {
  std::string lab;
  std::string input;
  std::string out;
  std::string cases;
  std::string backend = "auto";
  std::string sandbox = "auto";
  std::string race_check = "sim";
  std::string pattern;
  int jobs = 0;
  bool resume = false;
  bool phases = false;
  SlurmOptions slurm;
  LateOptions late;
  SimilarityFlags similarity;
};

IntakeOptions intake_options(const GradeCommandOptions& options) {
  IntakeOptions intake;
  intake.work_dir = OutputLayout(options.out).work_dir();
  if (!options.pattern.empty()) {
    CustomPattern custom = parse_custom_pattern(options.pattern);
    if (custom.outcome != CustomPattern::Outcome::kValid) throw UsageError("--pattern: " + custom.message);
    intake.custom_pattern = custom.pattern;
  }
  return intake;
}

std::filesystem::path cases_file(const ProjectPaths& paths, const Lab& lab, const std::string& cases_option) {
  return std::filesystem::absolute(cases_option.empty() ? paths.testcases_file(lab.name())
                                                        : std::filesystem::path(cases_option));
}

// A regrade or --resume keeps the late policy and extensions the folder already has (gradebook.json) unless
// new ones are given.
// The test-case file's `late:` comes next, then nothing.
LateRules late_rules_for(const GradeCommandOptions& options, const TestSuite& suite) {
  std::string problem;
  const std::optional<GradebookRoster> roster = read_gradebook_roster(OutputLayout(options.out), problem);
  LateRules rules = roster ? roster->late : LateRules{};
  if (suite.late && !options.late.given()) {
    LateOptions from_yaml{suite.late->deadline, suite.late->policy, ""};
    try {
      rules = from_yaml.rules(rules);
    } catch (const UsageError& error) {
      throw UsageError(fmt::format("{}:{}: {}", suite.path, suite.late->line, error.what()));
    }
  }
  return options.late.rules(rules);
}

// As the late rules: a regrade keeps the folder's similarity settings unless new ones are given.
SimilarityOptions similarity_for(const GradeCommandOptions& options) {
  std::string problem;
  const std::optional<GradebookRoster> roster = read_gradebook_roster(OutputLayout(options.out), problem);
  return options.similarity.options(roster && roster->similarity ? *roster->similarity : SimilarityOptions{});
}

int run_grade(const GradeCommandOptions& options, const GlobalOptions& given_globals) {
  const Lab& lab = lab_named(options.lab);
  if (options.slurm.enabled) require_slurm(options.backend);  // before the intake and compiles it would waste
  if (options.slurm.enabled && options.late.given()) {
    // The merge job writes the gradebook: it applies the test cases' `late:` and what the folder already has.
    throw UsageError("--deadline, --late-policy and --extensions do not go with --slurm: put `late:` in the test "
                     "cases, or give them to `cudagrade gradebook OUT` once the merge has written the gradebook");
  }
  if (options.slurm.enabled && (options.similarity.off || options.similarity.floor_given())) {
    throw UsageError("--no-similarity and --similarity-floor do not go with --slurm: give them to "
                     "`cudagrade gradebook OUT` once the merge has written the gradebook");
  }
  OutputLock::Outcome locked;
  std::string holder;
  std::unique_ptr<OutputLock> lock = OutputLock::acquire(options.out, locked, holder);
  if (!lock) throw UsageError(fmt::format("{} is in use by {}; wait for it or choose another --out", options.out, holder));

  const GlobalOptions globals = options.slurm.enabled ? slurm_globals(given_globals, options.out) : given_globals;
  auto run = prepare_backend(globals, options.backend);
  TestSuite suite = load_suite(run->paths, lab, options.cases);
  IntakeResult intake = take_in(options.input, lab.submission_file(), intake_options(options));
  if (intake.outcome != IntakeResult::Outcome::kTakenIn) throw UsageError(intake.message);
  for (const std::string& note : intake.notes) std::cerr << "cudagrade: intake: " << note << "\n";
  const ClassManifest manifest{lab.name(), cases_file(run->paths, lab, options.cases),
                               suite.content_hash, intake.submissions};
  save_manifest(OutputLayout(options.out).class_manifest(), manifest);

  ClassSetup setup = class_setup(*run, options.out, options.jobs, options.resume, options.sandbox, options.race_check,
                                 manifest.cases_hash);
  BatchOptions& batch = setup.options;
  if (options.slurm.enabled) {
    const SlurmClass slurm_class{lab, *run, suite, manifest, setup, options.backend, options.race_check, options.jobs,
                                 options.resume, globals};
    return grade_on_slurm(slurm_class, options.slurm, std::move(lock));
  }
  if (run->backend.backend->can_time()) batch.gpus = std::max(1, probe_gpu().count);
  if (batch.gpus > 1) std::cerr << fmt::format("cudagrade: {} GPUs: one grading queue per GPU\n", batch.gpus);
  batch.late = late_rules_for(options, suite);
  batch.similarity = similarity_for(options);
  BatchGrader grader(lab, *run->backend.backend, run->paths, suite, batch);

  const int current = static_cast<int>(std::count_if(intake.submissions.begin(), intake.submissions.end(),
                                                     [](const Submission& submission) {
                                                       return submission.standing == Submission::Standing::kCurrent;
                                                     }));
  Progress progress(std::cerr, current, isatty(STDERR_FILENO) != 0);
  const BatchTally tally = grader.grade(intake.submissions, progress);
  const WrittenGradebook written = grader.write_gradebook(intake.submissions);

  std::cout << fmt::format("{} students: {} graded, {} kept from an earlier run, {} without a gradable file\n", current,
                           tally.graded, tally.kept, tally.not_gradable)
            << fmt::format("time: {:.1f} s compiling ({} jobs), {:.1f} s running{}\n", tally.build_seconds, batch.jobs,
                           tally.run_seconds,
                           tally.graded > 0 ? fmt::format("; {:.2f} s per graded submission",
                                                          tally.wall_seconds / tally.graded)
                                            : std::string())
            << fmt::format("gradebook: {}/grades.csv, reports in {}/students/, overview in {}/summary.html\n",
                           options.out, options.out, options.out)
            << similarity_line(OutputLayout(options.out), written);
  if (tally.infra_errors > 0) {
    std::cerr << fmt::format(
        "cudagrade: {} student(s) got infra_error: the machine, not their code, failed (see their reports). "
        "Fix it and run again with --resume to regrade only them.\n",
        tally.infra_errors);
    return kExitInfra;
  }
  return kExitPassed;
}

}  // namespace

CommandAction setup_grade(CLI::App& command, const GlobalOptions& globals) {
  auto options = std::make_shared<GradeCommandOptions>();
  command.add_option("lab", options->lab, lab_option_help())->required();
  command.add_option("input", options->input, "a folder of the LMS's downloads, or one archive holding them")
      ->required();
  command.add_option("--out", options->out, "the output folder: grades.csv, students/, summary.html")->required();
  command.add_option("--cases", options->cases, "test cases (default: testcases/<lab>.yaml, hidden cases included)");
  add_backend_option(command, options->backend);
  add_sandbox_option(command, options->sandbox);
  add_race_check_option(command, options->race_check);
  command.add_option("--jobs", options->jobs, "parallel compiles (and simulator runs); default: the number of cores");
  options->late.add_to(command);
  options->similarity.add_to(command);
  command.add_flag("--resume", options->resume, "keep stored results whose file and test cases are unchanged");
  command.add_option("--pattern", options->pattern,
                     "how upload names carry the student: \"{name}_{id}_{file}\", or \"regex:...\" with the id in "
                     "group 1 (default: Blackboard, Canvas and Moodle names)");
  add_slurm_options(command, options->slurm);
  command.add_flag("--phases", options->phases,
                   "at the end, print on stderr where the wall time went, summed over the class: builds, runner "
                   "starts, inputs, runs, checks, timing, and the waits for each student's race check");
  return [options, &globals] {
    std::optional<PhaseTable> phases;
    if (options->phases) phases.emplace();
    return run_grade(*options, globals);
  };
}

}  // namespace cudagrade
