// What the subcommands share: finding labs and test cases, choosing a backend, printing a report.
#pragma once

#include <chrono>
#include <memory>
#include <string>
#include <vector>

#include "backend/registry.h"
#include "cli/commands.h"
#include "model/report.h"
#include "model/lab.h"
#include "core/confinement.h"
#include "core/phase_clock.h"
#include "gradebook/late_policy.h"
#include "gradebook/similarity_report.h"
#include "pipeline/grader.h"
#include "pipeline/race_check.h"
#include "testcases/loader.h"

namespace cudagrade {

LoaderContext loader_context(const ProjectPaths& paths);
// The lab named on the command line; a UsageError listing the labs when there is none.
const Lab& lab_named(const std::string& name);
// Help texts that name the registered labs, so that no command names one itself.
std::string lab_option_help();
std::string size_option_help();
// testcases/<lab>.yaml, or the file --cases names; a UsageError with every problem when it is malformed.
TestSuite load_suite(const ProjectPaths& paths, const Lab& lab, const std::string& cases_option);
void require_readable(const std::string& submission);
int exit_code_for(CaseStatus verdict);
// "16,13,7" or "16x13x7" -> {16, 13, 7}, checked against the lab's size fields.
std::vector<int64_t> parse_size(const std::string& text, const Lab& lab);

// Options shared by the commands that grade one submission.
struct GradingOptions {
  std::string lab;
  std::string submission;
  std::string backend = "auto";
  std::string format = "text";
  std::string output_file;
  std::string json_file;
  std::string sandbox = "none";
  std::string race_check = "sim";

  void add_to(CLI::App& command);
};

// --race-check: sim (the default: a GPU grade is checked for races in the simulator alongside, and by
// compute-sanitizer where the simulator cannot run the file; see pipeline/race_check.h), sanitizer or off.
void add_race_check_option(CLI::App& command, std::string& race_check);
// What --race-check asks of a grade on `grading`: kOff on the simulator itself, which checks its own runs.
RaceCheck race_check_for(const std::string& option, const Backend& grading);
// The simulator that checks a grade for races alongside the GPU; null unless `race_check` asks for it.
// The simulator that checks a grade on `grading` for races, told to be `grading`'s device; null unless asked.
std::unique_ptr<Backend> race_checker_for(RaceCheck race_check, const Backend& grading, const ProjectPaths& paths,
                                          CommandRunner& runner);

// --sandbox: none, rlimits, bwrap or auto (the strongest this machine supports, said on stderr).
void add_sandbox_option(CLI::App& command, std::string& sandbox);
Confinement::Level confinement_named(const std::string& sandbox, CommandRunner& runner);

void add_backend_option(CLI::App& command, std::string& backend);

struct PreparedRun {
  ProjectPaths paths;
  SubprocessCommandRunner command_runner;
  BackendChoice backend;
};

std::unique_ptr<PreparedRun> prepare_backend(const GlobalOptions& globals, const std::string& backend);
std::unique_ptr<PreparedRun> prepare_run(const GlobalOptions& globals, const GradingOptions& options);
// `submission` graded on the run's backend, with the simulator's race check beside it where `race_check` asks
// for one (and an efficiency case it would have counted settled as not graded where it does not).
GradeReport grade_with_race_option(const Lab& lab, PreparedRun& run, const GradeOptions& options, RaceCheck race_check,
                                   const std::filesystem::path& submission, const TestSuite& suite);
// Prints the report in every requested format and returns the exit code.
int publish(const GradeReport& report, const GradingOptions& options);

// --phases: a clock installed for the command's lifetime, its table printed on stderr when the command ends.
class PhaseTable {
 public:
  PhaseTable();
  ~PhaseTable();
  PhaseTable(const PhaseTable&) = delete;
  PhaseTable& operator=(const PhaseTable&) = delete;

 private:
  PhaseClock clock_;
  std::chrono::steady_clock::time_point start_;
};

CommandAction setup_bench(CLI::App& command, const GlobalOptions& globals);
CommandAction setup_grade(CLI::App& command, const GlobalOptions& globals);
CommandAction setup_gradebook(CLI::App& command, const GlobalOptions& globals);

// --deadline, --late-policy and --extensions, as `grade` and `gradebook` both take them (gradebook_command.cc).
struct LateOptions {
  std::string deadline;
  std::string policy;
  std::string extensions_file;
  void add_to(CLI::App& command);
  bool given() const { return !deadline.empty() || !policy.empty() || !extensions_file.empty(); }
  // The rules they say, starting from `current` (what the folder had): a bad value is a UsageError.
  LateRules rules(LateRules current) const;
};

// --no-similarity and --similarity-floor, as `grade` and `gradebook` both take them (gradebook_command.cc).
struct SimilarityFlags {
  bool off = false;
  double floor = kNotGiven;
  static constexpr double kNotGiven = -1;
  bool floor_given() const { return floor != kNotGiven; }
  void add_to(CLI::App& command);
  // What they say, starting from `current` (what the folder had, else the defaults); a floor turns the check on.
  SimilarityOptions options(SimilarityOptions current) const;
};

}  // namespace cudagrade
