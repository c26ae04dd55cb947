// `cudagrade gradebook OUT`: writes the gradebook of a graded class from its stored results (the merge job of
// `grade --slurm` runs it), without grading anything: --merge-speed adds a later GPU run's speed points (gradebook/speed_merge.h), and the gradebook's
// files are rewritten from the stored results (gradebook/gradebook_files.h).
#include <fmt/chrono.h>
#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <iostream>
#include <map>

#include "batch/output_lock.h"
#include "batch/result_store.h"
#include "cli/command_support.h"
#include "cli/slurm_command.h"
#include "core/files.h"
#include "gradebook/grade_export.h"
#include "gradebook/gradebook_files.h"
#include "gradebook/speed_merge.h"

namespace cudagrade {
namespace {

struct GradebookCommandOptions {
  std::string out;
  std::string merge_speed;
  std::string export_format;
  std::string assignment;
  LateOptions late;
  std::string override_score;  // "<id>=<score>"
  std::string reason;
  SimilarityFlags similarity;
};

// Adds or replaces one override in OUT/overrides.csv, which only this command writes.
void record_override(const OutputLayout& layout, const GradebookCommandOptions& options, const Gradebook& gradebook) {
  const size_t equals = options.override_score.rfind('=');
  char* end = nullptr;
  const std::string score_text = equals == std::string::npos ? "" : options.override_score.substr(equals + 1);
  const double score = std::strtod(score_text.c_str(), &end);
  if (equals == std::string::npos || score_text.empty() || *end != '\0' || !std::isfinite(score)) {
    throw UsageError("--override takes <student id>=<score>, as in --override 2026000003=7.5");
  }
  if (options.reason.empty()) throw UsageError("--override needs --reason: the students and an audit read it");
  const std::string id = options.override_score.substr(0, equals);
  const bool known = std::any_of(gradebook.results.begin(), gradebook.results.end(),
                                 [&](const StudentResult& student) { return student.student_id == id; });
  if (!known) throw UsageError("--override: no student " + id + " in " + layout.out().string());
  std::vector<std::string> problems;
  std::map<std::string, ScoreOverride> overrides = parse_overrides(try_read_file(layout.overrides_csv()).value_or(""), problems);
  if (!problems.empty()) throw UsageError(layout.overrides_csv().string() + ": " + problems.front());
  overrides[id] = {score, options.reason};
  write_atomically(layout.overrides_csv(), overrides_csv(overrides));
  std::cout << fmt::format("override: {} scores {} ({}), kept in {}\n", id, score, options.reason,
                           layout.overrides_csv().string());
}

// "2026-11-24 23:10:00 UTC": when the grades were exported, for Moodle's "Last modified (grade)".
std::string now_utc() {
  return fmt::format("{:%Y-%m-%d %H:%M:%S} UTC",
                     std::chrono::floor<std::chrono::seconds>(std::chrono::system_clock::now()));
}

void export_grades(const Gradebook& gradebook, const OutputLayout& layout, const GradebookCommandOptions& options) {
  const GradeExporter* exporter = find_grade_exporter(options.export_format);
  const ExportedGrades exported = exporter->write(gradebook.results, {options.assignment, now_utc()});
  std::filesystem::create_directories(layout.exports_dir());
  const std::filesystem::path file = layout.exports_dir() / export_file_name(*exporter, options.assignment);
  write_atomically(file, exported.text);
  std::cout << fmt::format("export: {} ({} import, assignment \"{}\")\n", file.string(), exporter->name(),
                           options.assignment);
  for (const std::string& warning : exported.warnings) std::cerr << "cudagrade: export: warning: " << warning << "\n";
}

Gradebook load_gradebook(const OutputLayout& layout, const GlobalOptions& globals) {
  std::string problem;
  std::optional<GradebookRoster> roster = read_gradebook_roster(layout, problem);
  if (!roster) throw UsageError(problem);
  const ResultStore store(layout.out());
  Gradebook gradebook{roster->lab, {}, {}, roster->late, roster->similarity.value_or(SimilarityOptions{})};
  const Lab& lab = lab_named(roster->lab);
  gradebook.similarity.skeleton =
      ProjectPaths::discover(globals.root, globals.cache_dir).skeleton_dir(lab.name()) / lab.submission_file();
  for (const std::string& id : roster->current_ids) {
    std::optional<StudentResult> result = store.load(id);
    if (!result) {
      throw UsageError(fmt::format("{}'s stored result in {} is missing or unreadable: run `cudagrade grade` "
                                   "on the class again with --resume",
                                   id, store.student_dir(id).string()));
    }
    gradebook.results.push_back(std::move(*result));
  }
  for (StudentResult& superseded : roster->superseded) gradebook.results.push_back(std::move(superseded));
  return gradebook;
}

// Saves every student the merge changed, so that the gradebook, a later `gradebook` and `grade --resume`
// all read the merged result.
void merge_gpu_speed(Gradebook& gradebook, const std::filesystem::path& gpu_dir, const ResultStore& store) {
  const std::vector<StudentResult> gpu_run = ResultStore(gpu_dir).load_all();
  if (gpu_run.empty()) {
    throw UsageError(fmt::format("--merge-speed: {} holds no stored results (students/<id>/result.json); give the "
                                 "--out folder of the GPU run",
                                 gpu_dir.string()));
  }
  std::map<SpeedMergeOutcome, std::vector<std::string>> by_outcome;
  for (StudentResult& student : gradebook.results) {
    if (!student.report) continue;
    const SpeedMerge merge = merge_speed(student, gpu_run, gpu_dir.string());
    by_outcome[merge.outcome].push_back(student.student_id);
    if (merge.outcome == SpeedMergeOutcome::kMerged || merge.outcome == SpeedMergeOutcome::kNotTimedThere) {
      store.save(student);
    }
  }
  for (const auto& [outcome, ids] : by_outcome) {
    std::cout << fmt::format("--merge-speed: {} student{}: {}{}\n", ids.size(), ids.size() == 1 ? "" : "s",
                             to_string(outcome),
                             outcome == SpeedMergeOutcome::kMerged || outcome == SpeedMergeOutcome::kNothingToMerge
                                 ? ""
                                 : fmt::format(" ({})", fmt::join(ids, ", ")));
  }
}

int run_gradebook(const GradebookCommandOptions& options, const GlobalOptions& globals) {
  if (!options.export_format.empty() && find_grade_exporter(options.export_format) == nullptr) {
    throw UsageError(fmt::format("--export {}: unknown format (one of {})", options.export_format, grade_exporter_names()));
  }
  if (!options.export_format.empty() && options.assignment.empty()) {
    throw UsageError("--export needs --assignment NAME: the assignment's name in the LMS, which names its column");
  }
  options.similarity.options({});  // a bad flag is refused before anything is written
  const OutputLayout layout(std::filesystem::absolute(options.out));
  if (!std::filesystem::is_directory(layout.out())) throw UsageError(options.out + " is not a folder");
  std::unique_ptr<OutputLock> lock = lock_waiting(layout.out());
  // A class graded as shards (grade --slurm) has stored results and no gradebook until this runs: it is written
  // from the class `grade` took in, and refused (exit 3) while a student has no result.
  if (std::filesystem::exists(layout.class_manifest())) write_gradebook_from_store(globals, layout.out());
  Gradebook gradebook = load_gradebook(layout, globals);
  if (options.late.given()) gradebook.late = options.late.rules(gradebook.late);
  gradebook.similarity = options.similarity.options(gradebook.similarity);
  if (!options.override_score.empty()) record_override(layout, options, gradebook);
  if (!options.merge_speed.empty()) merge_gpu_speed(gradebook, options.merge_speed, ResultStore(layout.out()));
  const WrittenGradebook written = write_gradebook_files(layout, gradebook);
  if (!options.export_format.empty()) export_grades(gradebook, layout, options);
  std::cout << fmt::format("gradebook: {} rewritten from {} stored results\n", layout.grades_csv().string(),
                           gradebook.results.size())
            << similarity_line(layout, written);
  return kExitPassed;
}

}  // namespace

void LateOptions::add_to(CLI::App& command) {
  command.add_option("--deadline", deadline, "the deadline, \"YYYY-MM-DD HH:MM\" in the LMS's time zone");
  command.add_option("--late-policy", policy, "the penalty for late work, as in \"10%/day, max 3 days\"");
  command.add_option("--extensions", extensions_file, "a file of extensions, one a line: <student id> <deadline>");
}

LateRules LateOptions::rules(LateRules current) const {
  if (!deadline.empty() || !policy.empty()) {
    if (deadline.empty() || policy.empty()) throw UsageError("--deadline and --late-policy go together");
    std::string problem;
    std::optional<LatePolicy> parsed = parse_late_policy(policy, deadline, problem);
    if (!parsed) throw UsageError(problem);
    current.policy = *parsed;
  }
  if (!extensions_file.empty()) {
    std::optional<std::string> text = try_read_file(extensions_file);
    if (!text) throw UsageError("--extensions: cannot read " + extensions_file);
    Extensions extensions = parse_extensions(*text, extensions_file);
    if (!extensions.problems.empty()) throw UsageError(extensions.problems.front());
    current.extensions = extensions.deadlines;
  }
  return current;
}

void SimilarityFlags::add_to(CLI::App& command) {
  command.add_flag("--no-similarity", off, "do not check the class for unusually similar files (summary.html, similarity.json)");
  command.add_option("--similarity-floor", floor,
                     fmt::format("the least share of a file's own code found in another for the pair to be flagged as "
                                 "similar, in (0, 1] (default {}); pairs must also stand out from the class",
                                 SimilaritySettings{}.floor));
}

SimilarityOptions SimilarityFlags::options(SimilarityOptions current) const {
  if (off && floor_given()) throw UsageError("--no-similarity and --similarity-floor do not go together");
  if (floor_given()) {
    if (!(floor > 0 && floor <= 1)) throw UsageError(fmt::format("--similarity-floor {}: give a share in (0, 1]", floor));
    current.enabled = true;
    current.floor = floor;
  }
  if (off) current.enabled = false;
  return current;
}

CommandAction setup_gradebook(CLI::App& command, const GlobalOptions& globals) {
  auto options = std::make_shared<GradebookCommandOptions>();
  command.add_option("out", options->out, "the --out folder of a finished `cudagrade grade`")->required();
  command.add_option("--merge-speed", options->merge_speed,
                     "the --out folder of a GPU run of the same files: adds its speed points where this "
                     "gradebook has none (graded without a GPU), matched by file content; nothing is regraded");
  command.add_option("--export", options->export_format,
                     "write the grades as an LMS imports them, to OUT/exports/: " + grade_exporter_names());
  command.add_option("--assignment", options->assignment, "the assignment's name in the LMS (with --export)");
  options->late.add_to(command);
  command.add_option("--override", options->override_score,
                     "set a student's final score by hand, <id>=<score>, kept in OUT/overrides.csv (with --reason)");
  command.add_option("--reason", options->reason, "why the score was overridden (with --override)");
  options->similarity.add_to(command);
  return [options, &globals] { return run_gradebook(*options, globals); };
}

}  // namespace cudagrade
