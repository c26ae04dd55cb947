#include "cli/command_support.h"

#include "backend/sim_backend.h"

#include <fmt/format.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iostream>

#include "labs/registry.h"
#include "report/printer.h"
#include "report/printer_registry.h"
#include "report/redaction.h"

namespace cudagrade {

LoaderContext loader_context(const ProjectPaths& paths) {
  return {[](const std::string& name) { return find_lab(name); },
          [paths](const std::string& lab, const std::string& reference) {
            // Non-throwing: a name the file system refuses (too long, say) is simply not a reference.
            std::error_code error;
            return std::filesystem::exists(paths.reference_file(lab, reference), error) ||
                   std::filesystem::exists(paths.withheld_references_note(lab), error);
          }};
}

std::string lab_option_help() {
  return all_labs().empty() ? "the lab (no labs under this root: see `cudagrade lab new`)"
                            : "the lab, e.g. " + all_labs().front()->name();
}

std::string size_option_help() {
  std::vector<std::string> forms;
  for (const Lab* lab : all_labs()) forms.push_back(fmt::format("{} for {}", fmt::join(lab->size_fields(), ","), lab->name()));
  return fmt::format("problem size: {}", fmt::join(forms, ", "));
}

const Lab& lab_named(const std::string& name) {
  if (const Lab* lab = find_lab(name)) return *lab;
  std::vector<std::string> broken;
  for (const DeclarationProblem& problem : declaration_problems()) {
    if (std::filesystem::path(problem.file).parent_path().filename() == name) broken.push_back(problem.to_string());
  }
  if (!broken.empty()) throw UsageError(fmt::format("lab '{}' cannot be used:\n  {}", name, fmt::join(broken, "\n  ")));
  std::string known;
  for (const Lab* lab : all_labs()) known += (known.empty() ? "" : ", ") + lab->name();
  throw UsageError(fmt::format("unknown lab '{}' (labs: {})", name, known));
}

TestSuite load_suite(const ProjectPaths& paths, const Lab& lab, const std::string& cases_option) {
  const std::filesystem::path file =
      cases_option.empty() ? paths.testcases_file(lab.name()) : std::filesystem::path(cases_option);
  LoadResult loaded = load_test_suite(file, loader_context(paths));
  if (!loaded.suite) {
    std::string problems;
    for (const LoadProblem& problem : loaded.problems) problems += "\n  " + problem.to_string();
    throw UsageError("the test cases cannot be used:" + problems);
  }
  if (loaded.suite->lab != lab.name()) {
    throw UsageError(
        fmt::format("{} holds cases for lab '{}', not '{}'", file.string(), loaded.suite->lab, lab.name()));
  }
  return *loaded.suite;
}

void require_readable(const std::string& submission) {
  std::ifstream file(submission);
  if (!file) throw UsageError("cannot read the submission " + submission);
}

int exit_code_for(CaseStatus verdict) {
  if (verdict == CaseStatus::kPassed || verdict == CaseStatus::kSkipped) return kExitPassed;
  // Unsupported: this machine's backend cannot judge the file (the simulator met inline PTX, say); no fault
  // of the student's, and a GPU can still grade it.
  if (verdict == CaseStatus::kInfraError || verdict == CaseStatus::kUnsupported) return kExitInfra;
  return kExitFailed;
}

void GradingOptions::add_to(CLI::App& command) {
  command.add_option("lab", lab, lab_option_help())->required();
  command.add_option("file", submission,
                     "the submission" + (all_labs().empty() ? std::string() : ", e.g. " + all_labs().front()->submission_file()))
      ->required();
  add_backend_option(command, backend);
  command.add_option("--format", format, fmt::format("report format: {}", fmt::join(printer_formats(), ", ")))
      ->check(CLI::IsMember(printer_formats()));
  command.add_option("--output", output_file, "write the report to this file instead of stdout");
  command.add_option("--json", json_file, "also write the JSON report to this file");
  add_sandbox_option(command, sandbox);
}

void add_race_check_option(CLI::App& command, std::string& race_check) {
  command.add_option("--race-check", race_check,
                     "on a GPU, also check for races and barrier faults: sim (default: in the simulator, on the CPU "
                     "alongside, and with compute-sanitizer where the simulator cannot run the file), sanitizer "
                     "(compute-sanitizer alone, after the GPU's run) or off")
      ->check(CLI::IsMember({"sim", "sanitizer", "off"}));
}

RaceCheck race_check_for(const std::string& option, const Backend& grading) {
  if (option == "off" || grading.simulated()) return RaceCheck::kOff;
  return option == "sanitizer" ? RaceCheck::kSanitizer : RaceCheck::kSimulatorThenSanitizer;
}

std::unique_ptr<Backend> race_checker_for(RaceCheck race_check, const Backend& grading, const ProjectPaths& paths,
                                          CommandRunner& runner) {
  if (race_check != RaceCheck::kSimulatorThenSanitizer) return nullptr;
  return std::make_unique<SimBackend>(paths, runner, grading.device_profile());
}

GradeReport grade_with_race_option(const Lab& lab, PreparedRun& run, const GradeOptions& options, RaceCheck race_check,
                                   const std::filesystem::path& submission, const TestSuite& suite) {
  Grader grader(lab, *run.backend.backend, run.paths, options);
  if (race_check == RaceCheck::kOff) {
    GradeReport report = grader.grade(submission, suite);
    settle_uncounted_efficiency(report, "it did not run beside this GPU grade (--race-check off)");
    return report;
  }
  std::unique_ptr<Backend> checker = race_checker_for(race_check, *run.backend.backend, run.paths, run.command_runner);
  std::unique_ptr<Grader> simulator = checker ? std::make_unique<Grader>(lab, *checker, run.paths, options) : nullptr;
  return grade_with_race_check(grader, simulator.get(), submission, suite);
}

void add_sandbox_option(CLI::App& command, std::string& sandbox) {
  command.add_option("--sandbox", sandbox, "confine the student's runner: none, rlimits, bwrap or auto")
      ->check(CLI::IsMember({"none", "rlimits", "bwrap", "auto"}));
}

Confinement::Level confinement_named(const std::string& sandbox, CommandRunner& runner) {
  if (sandbox == "none") return Confinement::Level::kNone;
  if (sandbox == "rlimits") return Confinement::Level::kRlimits;
  std::string why;
  const Confinement::Level level = strongest_confinement(runner, why);
  if (sandbox == "bwrap" && level != Confinement::Level::kBubblewrap) throw InfraError(why);
  if (level != Confinement::Level::kBubblewrap) std::cerr << "cudagrade: sandbox: " << why << "; using " << to_string(level) << "\n";
  return level;
}

void add_backend_option(CLI::App& command, std::string& backend) {
  command.add_option("--backend", backend, "where to run: gpu, sim or auto (gpu when one is usable)")
      ->check(CLI::IsMember(backend_names()));
}

std::unique_ptr<PreparedRun> prepare_backend(const GlobalOptions& globals, const std::string& backend) {
  auto run = std::make_unique<PreparedRun>();
  run->paths = ProjectPaths::discover(globals.root, globals.cache_dir);
  run->backend = choose_backend(backend, run->paths, run->command_runner);
  if (!run->backend.backend) throw UsageError(run->backend.note);
  if (!run->backend.note.empty()) std::cerr << "cudagrade: " << run->backend.note << "\n";
  return run;
}

std::unique_ptr<PreparedRun> prepare_run(const GlobalOptions& globals, const GradingOptions& options) {
  require_readable(options.submission);
  return prepare_backend(globals, options.backend);
}

namespace {

std::unique_ptr<std::ofstream> open_report_file(const std::string& path) {
  const std::filesystem::path file(path);
  if (file.has_parent_path()) {
    std::error_code ignored;
    std::filesystem::create_directories(file.parent_path(), ignored);  // /grade/results for PrairieLearn
  }
  auto out = std::make_unique<std::ofstream>(file);
  if (!*out) throw UsageError("cannot write " + path);
  return out;
}

}  // namespace

// Prints the report in every requested format and returns the exit code.
int publish(const GradeReport& report, const GradingOptions& options) {
  MultiPrinter printers;
  std::unique_ptr<std::ofstream> output_file, json_file;
  std::ostream* out = &std::cout;
  if (!options.output_file.empty()) {
    output_file = open_report_file(options.output_file);
    out = output_file.get();
  }
  const bool colour = out == &std::cout && isatty(STDOUT_FILENO) && std::getenv("NO_COLOR") == nullptr;
  printers.add(make_printer(options.format, *out, colour));
  if (!options.json_file.empty()) {
    json_file = open_report_file(options.json_file);
    printers.add(std::make_unique<JsonPrinter>(*json_file));
  }
  printers.print(redacted_for_students(report));
  return exit_code_for(report.verdict);
}

std::vector<int64_t> parse_size(const std::string& text, const Lab& lab) {
  std::vector<int64_t> size;
  size_t at = 0;
  while (at <= text.size()) {
    size_t end = text.find_first_of(",x", at);
    if (end == std::string::npos) end = text.size();
    try {
      size_t used = 0;
      long long value = std::stoll(text.substr(at, end - at), &used);
      if (used != end - at || value < 1) throw std::invalid_argument("not positive");
      size.push_back(value);
    } catch (const std::exception&) {
      throw UsageError(fmt::format("--size '{}': each size must be a positive integer", text));
    }
    at = end + 1;
  }
  const auto& fields = lab.size_fields();
  if (size.size() != fields.size()) {
    throw UsageError(fmt::format("--size for {} takes {} numbers ({}), e.g. --size {}", lab.name(), fields.size(),
                                 fmt::join(fields, ","), fmt::join(lab.example_size(), ",")));
  }
  if (auto problem = lab.size_problem(size)) throw UsageError("--size: " + *problem);
  return size;
}


PhaseTable::PhaseTable() : start_(std::chrono::steady_clock::now()) { PhaseClock::install(&clock_); }

PhaseTable::~PhaseTable() {
  PhaseClock::install(nullptr);
  const double wall_ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start_).count();
  std::fprintf(stderr, "\n%s", clock_.table(wall_ms).c_str());
}

}  // namespace cudagrade
