#include "cli/commands.h"

#include <fmt/format.h>
#include <unistd.h>

#include <cstdlib>
#include <fstream>
#include <iostream>
#include <memory>

#include "backend/gpu_probe.h"
#include "cli/command_support.h"
#include "cli/lab_command.h"
#include "cli/package_command.h"
#include "cli/slurm_command.h"
#include "core/phase_clock.h"
#include "labs/registry.h"
#include "backend/sim_backend.h"
#include "pipeline/grader.h"
#include "pipeline/race_check.h"

namespace cudagrade {
namespace {

CommandAction setup_check(CLI::App& command, const GlobalOptions& globals) {
  struct Options : GradingOptions {
    std::string cases;
    bool include_hidden = false;
    bool profile = false;
    bool phases = false;
  };
  auto options = std::make_shared<Options>();
  options->add_to(command);
  command.add_option("--cases", options->cases, "test cases (default: testcases/<lab>.yaml)");
  command.add_flag("--phases", options->phases,
                   "after the report, print on stderr where the wall time went: build, runner starts, inputs, "
                   "runs, checks, timing (the race check's simulator runs beside, as one line)");
  command.add_flag("--include-hidden", options->include_hidden, "also grade hidden cases (for instructors)");
  command.add_flag("--profile", options->profile,
                   "count what each line's memory accesses cost, in the simulator: sectors per request (coalescing) "
                   "and bank conflicts");
  add_race_check_option(command, options->race_check);
  return [options, &globals] {
    std::optional<PhaseTable> phases;
    if (options->phases) phases.emplace();
    const Lab& lab = lab_named(options->lab);
    auto run = prepare_run(globals, *options);
    TestSuite suite = load_suite(run->paths, lab, options->cases);
    GradeOptions grade_options;
    grade_options.include_hidden = options->include_hidden;
    grade_options.confinement = confinement_named(options->sandbox, run->command_runner);
    grade_options.profile_memory = options->profile;
    const RaceCheck race_check = race_check_for(options->race_check, *run->backend.backend);
    if (options->profile && !run->backend.backend->simulated() && race_check != RaceCheck::kSimulatorThenSanitizer) {
      throw UsageError("--profile counts in the simulator, which runs beside the GPU only with --race-check sim");
    }
    return publish(grade_with_race_option(lab, *run, grade_options, race_check, options->submission, suite), *options);
  };
}

CommandAction setup_run(CLI::App& command, const GlobalOptions& globals) {
  struct Options : GradingOptions {
    std::string size;
    std::string dump_dir;
    uint64_t seed = 0;
  };
  auto options = std::make_shared<Options>();
  options->add_to(command);
  command.add_option("--size", options->size, size_option_help())->required();
  command.add_option("--dump", options->dump_dir, "write the inputs and outputs as readable text files here");
  command.add_option("--seed", options->seed, "input seed (default: derived from the size)");
  return [options, &globals] {
    const Lab& lab = lab_named(options->lab);
    TestCase test_case;
    test_case.size = parse_size(options->size, lab);
    test_case.name = "size-" + fmt::format("{}", fmt::join(test_case.size, "x"));
    test_case.kind = CaseKind::kPerformance;
    test_case.seed = options->seed != 0 ? options->seed : default_seed(test_case.name);
    test_case.tolerance = lab.default_tolerance(test_case.distribution);
    test_case.timeout_s = kDefaultPerformanceTimeoutSeconds;
    CaseOptions case_options{true, std::nullopt};
    if (!options->dump_dir.empty()) {
      std::filesystem::create_directories(options->dump_dir);
      case_options.dump_dir = options->dump_dir;
    }
    auto run = prepare_run(globals, *options);
    GradeOptions grade_options;
    grade_options.confinement = confinement_named(options->sandbox, run->command_runner);
    Grader grader(lab, *run->backend.backend, run->paths, grade_options);
    int code = publish(grader.run_one(options->submission, test_case, case_options), *options);
    if (case_options.dump_dir) std::cerr << "cudagrade: wrote the matrices to " << options->dump_dir << "\n";
    return code;
  };
}

CommandAction setup_list(CLI::App& command, const GlobalOptions& globals) {
  auto include_hidden = std::make_shared<bool>(false);
  auto names_only = std::make_shared<bool>(false);
  command.add_flag("--include-hidden", *include_hidden, "also list hidden cases (for instructors)");
  command.add_flag("--names", *names_only, "only the labs' names, one a line (for scripts)");
  return [include_hidden, names_only, &globals] {
    // A declared lab whose declaration is broken is not listed; its author is told why.
    for (const DeclarationProblem& problem : declaration_problems()) {
      std::cerr << "cudagrade: not listed: " << problem.to_string() << "\n";
    }
    if (*names_only) {
      for (const Lab* lab : all_labs()) std::cout << lab->name() << "\n";
      return static_cast<int>(kExitPassed);
    }
    const ProjectPaths paths = ProjectPaths::discover(globals.root, globals.cache_dir);
    for (const Lab* lab : all_labs()) {
      std::cout << fmt::format("{}: {}\n  submit: {}\n  references: {}\n", lab->name(), lab->title(),
                               lab->submission_file(), fmt::join(paths.reference_names(lab->name()), ", "));
      TestSuite suite = load_suite(paths, *lab, "");
      int hidden = 0;
      for (const TestCase& test_case : suite.cases) {
        if (test_case.hidden && !*include_hidden) {
          ++hidden;
          continue;
        }
        std::cout << fmt::format("    {:<28} {:<13} {:<16} {:>5} pts{}\n", test_case.name, to_string(test_case.kind),
                                 fmt::format("{}", fmt::join(test_case.size, "x")), test_case.max_points(),
                                 test_case.hidden ? "  (hidden)" : "");
      }
      if (hidden > 0) std::cout << fmt::format("    and {} hidden case(s)\n", hidden);
    }
    return static_cast<int>(kExitPassed);
  };
}

CommandAction setup_validate(CLI::App& command, const GlobalOptions& globals) {
  auto file = std::make_shared<std::string>();
  command.add_option("file", *file, "a test-case YAML file")->required();
  return [file, &globals] {
    const ProjectPaths paths = ProjectPaths::discover(globals.root, globals.cache_dir);
    LoadResult loaded = load_test_suite(*file, loader_context(paths));
    for (const LoadProblem& problem : loaded.problems) std::cerr << problem.to_string() << "\n";
    if (!loaded.suite) return static_cast<int>(kExitUsage);
    double points = 0;
    for (const TestCase& test_case : loaded.suite->cases) points += test_case.max_points();
    std::cout << fmt::format("{}: ok, {} cases for lab {}, {} points\n", *file, loaded.suite->cases.size(),
                             loaded.suite->lab, points);
    return static_cast<int>(kExitPassed);
  };
}

CommandAction setup_devices(CLI::App& command, const GlobalOptions& globals) {
  auto profile = std::make_shared<bool>(false);
  command.add_flag("--profile", *profile,
                   "also print the profile the simulator gives a program that asks what the device is: this GPU's, "
                   "or the simulator's default where there is none (docs/SIMULATOR.md)");
  return [&globals, profile] {
    GpuProbe probe = probe_gpu();
    if (probe.usable) {
      std::cout << fmt::format("gpu: usable, {} (sm_{})\n", probe.name, probe.arch);
    } else {
      std::cout << fmt::format("gpu: not usable: {}\n", probe.reason);
    }
    if (*profile) std::cout << "profile: " << (probe.usable ? probe.profile : DeviceProfile{}).to_text() << "\n";
    ProjectPaths paths = ProjectPaths::discover(globals.root, globals.cache_dir);
    SubprocessCommandRunner runner;
    const Availability sim = SimBackend(paths, runner).availability();
    std::cout << (sim.usable ? "sim: usable, the CPU simulator (correctness and races, no timing)\n"
                             : "sim: not usable: " + sim.reason + "\n");
    std::cout << fmt::format("data: {} ({}); cache: {}\n", paths.root.string(), to_string(paths.root_origin),
                             paths.cache.string());
    return static_cast<int>(probe.usable ? kExitPassed : kExitInfra);
  };
}

}  // namespace

const std::vector<Command>& commands() {
  static const std::vector<Command> table = {
      {"check", "grade one submission on a lab's test cases", setup_check},
      {"grade", "grade a whole class from an LMS download into a gradebook", setup_grade},
      {"gradebook",
       "write a graded class's gradebook from its stored results (the merge of a --slurm run), with a late "
       "policy, overrides, a GPU run's speed points (--merge-speed) and LMS exports",
       setup_gradebook},
      // Hidden (no description): what each task of a `grade --slurm` job array runs.
      {"slurm-task", "", setup_slurm_task},
      {"run", "run one problem size, as the course's console program did", setup_run},
      {"list", "list the labs and their test cases", setup_list},
      {"devices", "say which backends can run here (exit 0 when a GPU is usable)", setup_devices},
      {"validate", "check a test-case YAML file", setup_validate},
      {"lab", "write a new lab (lab new NAME) or prove a declared lab sound (lab check LAB)", setup_lab},
      {"bench", "time every reference of a lab and its baselines on one size, as a Markdown table", setup_bench},
      {"package",
       "write a starter repository (github), a Gradescope autograder (gradescope) or a PrairieLearn question "
       "(prairielearn) for a lab",
       setup_package},
  };
  return table;
}

}  // namespace cudagrade
