#include "pipeline/grader.h"

#include <fmt/format.h>

#include <random>

#include "check/case_judge.h"
#include "check/reported_time.h"
#include "core/phase_clock.h"
#include "core/version.h"
#include "report/report_text.h"
#include "score/scoring.h"

namespace cudagrade {
namespace {

double milliseconds_since(Clock::time_point start) {
  return std::chrono::duration<double, std::milli>(Clock::now() - start).count();
}

// `can_time`: whether this backend times cases. Where it cannot, a speed rule's points are unmeasured and
// its policy says whether they stay in max_points (score/scoring.h).
CaseResult blank_result(const TestCase& test_case, bool can_time) {
  CaseResult result;
  result.name = test_case.name;
  result.kind = test_case.kind;
  result.size = test_case.size;
  result.hidden = test_case.hidden;
  result.reveal = test_case.reveal;
  result.max_points = case_max_points(test_case, can_time);
  result.unmeasured_speed = unmeasured_speed_of(test_case, can_time);
  return result;
}

// What the runner claims when it blames the machine: CUDA would not start, or the harness refused a request.
bool blames_the_machine(const RunnerReply& failure, bool at_start) {
  return failure.outcome == RunnerReply::Outcome::kHarnessError ||
         (at_start && failure.outcome == RunnerReply::Outcome::kCudaError);
}

}  // namespace

// The submission's code runs in the runner's process and can make it say anything, so a runner that blames
// the machine is believed only when a reference, on the same device in this run, fails the same way.
CheckOutcome Grader::judge_runner_failure(const TestCase& test_case, const RunnerReply& failure, RunnerPhase when) {
  const bool at_start = when == RunnerPhase::kStart;
  const char* phase = at_start ? "before the harness started"
                               : (when == RunnerPhase::kTiming ? "while timing" : "while running the case");
  if (!blames_the_machine(failure, at_start)) {
    // A start is waited for as long as a runner may take to greet, whatever the case's own limit.
    const double waited_s =
        at_start ? std::chrono::duration<double>(options_.runner_start_timeout).count() : test_case.timeout_s;
    CheckOutcome outcome = judge_failed_reply(failure, waited_s, phase);
    if (failure.from_an_earlier_start) outcome.message += " (for an earlier case: the runner is not started again)";
    return outcome;
  }
  const std::string claim = failure.outcome == RunnerReply::Outcome::kCudaError ? "CUDA could not start"
                                                                                : "the harness failed";
  std::string reference;
  if (machine_fails_too(test_case, failure.outcome, reference)) {
    return {CaseStatus::kInfraError,
            fmt::format("{} on this machine: {} (the reference {} fails the same way here)", claim, failure.detail,
                        reference),
            last_lines(failure.output, 8)};
  }
  return {CaseStatus::kCrashed,
          fmt::format("the runner said {} ({}), but the reference {} runs on the same device: something in this "
                      "file broke its process {}",
                      claim, failure.detail, reference, phase),
          last_lines(failure.output, 8)};
}

bool Grader::machine_fails_too(const TestCase& test_case, RunnerReply::Outcome claimed, std::string& reference) {
  const std::vector<std::string> names = paths_.reference_names(lab_.name());
  if (names.empty()) {
    reference = "(none: the course has no reference to compare with)";
    return true;
  }
  reference = names.front();
  std::string problem;
  RunnerSlot* slot = reference_runner(reference, problem);
  if (slot == nullptr) return true;  // not even a reference builds: the machine or the course is broken
  RunnerReply start_failure;
  RunnerSession* session = slot->session(start_failure);
  if (session == nullptr) return blames_the_machine(start_failure, true);
  if (claimed == RunnerReply::Outcome::kCudaError) return false;  // the reference's CUDA started
  std::unique_ptr<Arena> arena = make_arena(trusted_arenas_, input_sets(test_case, 1));
  return session->check(*arena, deadline_after(test_case.timeout_s)).outcome == RunnerReply::Outcome::kHarnessError;
}

Grader::Grader(const Lab& lab, Backend& backend, ProjectPaths paths, GradeOptions options)
    : lab_(lab),
      backend_(backend),
      paths_(std::move(paths)),
      options_(options),
      limits_(options.limits ? options.limits : std::make_shared<TimeLimits>()) {}

Grader::~Grader() = default;

void Grader::ArenaFolders::create() {
  if (!memory) memory = std::make_unique<TempDir>(TempDir::Medium::kMemory);
  if (!disk) disk = std::make_unique<TempDir>(TempDir::Medium::kDisk);
}

std::unique_ptr<Arena> Grader::make_arena(ArenaFolders& folders, std::span<const Workload> sets) {
  ScopedPhase phase("arena: create and copy the inputs in");
  folders.create();
  const uint64_t bytes = Arena::bytes_needed(sets);
  TempDir& dir = folders.memory->free_bytes() / 2 < bytes ? *folders.disk : *folders.memory;
  std::random_device entropy;
  const uint64_t name = (uint64_t{entropy()} << 32) | entropy();
  return std::make_unique<Arena>(dir.path() / fmt::format("arena-{:016x}", name), sets, folders.read_back);
}

// A file that cannot be read (deleted mid-run, a reference missing from the course) is the machine's
// problem: it becomes an infrastructure error on the cases, not an exception that ends the whole run.
BuildResult Grader::build_or_explain(const BuildRequest& request) {
  ScopedPhase phase(request.provenance == BuildRequest::Provenance::kStudent ? "build the student's file"
                                                                             : "build a reference or baseline");
  try {
    return backend_.toolchain().build(request);
  } catch (const std::exception& error) {
    BuildResult result;
    result.outcome = BuildResult::Outcome::kInfraError;
    result.summary = fmt::format("could not build {}: {}", request.source.string(), error.what());
    return result;
  }
}

// The student's runner may write only the arena folders, so they exist before it starts.
std::vector<std::string> Grader::student_command(const std::filesystem::path& runner,
                                                const std::vector<std::string>& wrapper) {
  Confinement confinement;
  confinement.level = options_.confinement;
  confinement.wrapper = wrapper;
  if (confinement.level == Confinement::Level::kBubblewrap) {
    student_arenas_.create();
    confinement.writable_dirs = {student_arenas_.memory->path(), student_arenas_.disk->path()};
    confinement.hidden_dirs = {paths_.root, paths_.cache};
  }
  std::vector<std::string> command = confinement.command_for(runner);
  command = told_its_device(std::move(command), wrapper.size() + 1);
  return options_.device ? pinned_to_device(std::move(command), *options_.device, wrapper.size() + 1) : command;
}

// A simulator's runner is told which GPU it is (model/device_profile.h); a GPU's runner asks the GPU.
std::vector<std::string> Grader::told_its_device(std::vector<std::string> command, size_t program_words) const {
  if (!backend_.simulated()) return command;
  const std::string profile = std::string(kDeviceProfileVariable) + "=" + backend_.device_profile().to_text();
  return with_variable(std::move(command), profile, program_words);
}

Grader::Preparation Grader::prepare(const std::filesystem::path& submission, const std::vector<TestCase>& cases,
                                    GradeReport& report) {
  student_.reset();
  second_order_.reset();
  // A grader may go on to the next student: only inputs and trusted timings carry over.
  measured_.clear();
  counted_.clear();
  student_arenas_ = {};  // after the runner that could write them is gone
  BuildResult build = build_or_explain({&lab_, submission, {}, BuildRequest::Provenance::kStudent, options_.confinement});
  report.build_summary = build.summary;
  report.build_log = build.log;
  Availability availability = backend_.availability();
  report.device = availability.usable ? availability.device : availability.reason;

  std::optional<CheckOutcome> everyone;
  if (build.outcome == BuildResult::Outcome::kCompileError) {
    everyone = CheckOutcome{CaseStatus::kCompileError, build.summary, ""};
  } else if (build.outcome == BuildResult::Outcome::kRejected) {
    everyone = CheckOutcome{CaseStatus::kRejected, build.summary, ""};
  } else if (build.outcome == BuildResult::Outcome::kUnsupported) {
    everyone = CheckOutcome{CaseStatus::kUnsupported, build.summary, ""};
  } else if (build.outcome == BuildResult::Outcome::kInfraError) {
    everyone = CheckOutcome{CaseStatus::kInfraError, build.summary, ""};
  } else if (!availability.usable) {
    everyone = CheckOutcome{CaseStatus::kInfraError,
                            "cannot run on the " + backend_.name() + " backend: " + availability.reason, ""};
  }
  if (everyone) {
    for (const TestCase& test_case : cases) {
      CaseResult result = blank_result(test_case, backend_.can_time());
      apply_outcome(*everyone, result);
      report.cases.push_back(result);
    }
    return Preparation::kEveryCaseDecided;
  }
  student_ = std::make_unique<RunnerSlot>(build.runner, student_command(build.runner), StartRetry::kNeverAfterAFailure,
                                          options_.runner_start_timeout, runner_time_basis());
  student_runner_ = build.runner;
  if (backend_.simulated()) {
    second_order_ = std::make_unique<RunnerSlot>(build.runner, student_command(build.runner),
                                                 StartRetry::kNeverAfterAFailure, options_.runner_start_timeout,
                                                 runner_time_basis());
    second_order_->start_fresh();  // starting up while the first case runs in the first order
  }
  if (backend_.can_time()) start_trusted_early(cases);
  return Preparation::kReady;
}

GradeReport Grader::grade_cases(const std::filesystem::path& submission, const std::vector<TestCase>& cases,
                                const CaseOptions& options) {
  student_hung_ = false;  // a grader may grade a class, one student after another
  GradeReport report;
  report.lab = lab_.name();
  report.submission = submission.string();
  report.compiled_as = lab_.submission_file();
  report.backend = backend_.name();
  report.race_check = backend_.simulated() ? "simulator" : "none: not asked for (--race-check off)";
  report.graded_by = {grader_version().version, grader_version().commit, ""};
  if (prepare(submission, cases, report) == Preparation::kReady) {
    for (const TestCase& test_case : cases) report.cases.push_back(grade_case_safely(test_case, options));
    if (student_->device()) report.device = student_->device()->name;
    if (options_.profile_memory && backend_.simulated()) put_profile(submission, report);
  }
  total_up(report);
  return report;
}

std::vector<TestCase> Grader::cases_to_grade(const TestSuite& suite) const {
  std::vector<TestCase> cases;
  for (const TestCase& test_case : suite.cases) {
    if (options_.include_hidden || !test_case.hidden) cases.push_back(test_case);
  }
  return cases;
}

GradeReport Grader::grade(const std::filesystem::path& submission, const TestSuite& suite) {
  GradeReport report = grade_cases(submission, cases_to_grade(suite), {});
  report.graded_by.cases_hash = suite.content_hash;
  return report;
}

GradeReport Grader::run_one(const std::filesystem::path& submission, const TestCase& test_case,
                            const CaseOptions& options) {
  return grade_cases(submission, {test_case}, options);
}

// One case's trouble on the grader's side (no room for an arena, a runner that cannot be spawned, a dump
// folder that cannot be written) is that case's infra_error; the other cases still run.
CaseResult Grader::grade_case_safely(const TestCase& test_case, const CaseOptions& options) {
  try {
    return grade_case(test_case, options);
  } catch (const std::exception& error) {
    CaseResult result = blank_result(test_case, backend_.can_time());
    result.status = CaseStatus::kInfraError;
    result.message = std::string("grader error: ") + error.what();
    student_->stop();
    return result;
  }
}

// A case with the same run as an earlier one takes that run's verdict, and says whose it was.
void Grader::take_earlier_verdict(const std::string& earlier_case, const CaseResult& checked, CaseResult& result) {
  result.status = checked.status;
  result.details = checked.details;
  result.simulated_ms = checked.simulated_ms;
  result.message = fmt::format("{}; the same inputs as case {}, judged by its run", checked.message, earlier_case);
}

CaseResult Grader::grade_case(const TestCase& listed_case, const CaseOptions& options) {
  const auto started = Clock::now();
  // A performance case's answer is graded in the simulator too, downsized: its correctness points must not
  // depend on whether a GPU was there. Its speed points wait for one (result.unmeasured_speed).
  CaseResult result = blank_result(listed_case, backend_.can_time());
  TestCase test_case = listed_case;
  if (backend_.simulated()) test_case.size = lab_.simulator_size(listed_case.size);
  // An efficiency rule's case is counted in every block (grader_efficiency.cc), so it runs on its own even
  // where an earlier uncounted case had its inputs; the GPU's is counted beside it.
  const EfficiencyRule* efficiency = efficiency_rule_of(listed_case, backend_.can_time());
  // The simulator counts a rule's case in every block; a GPU's is counted by the simulator beside it.
  const EfficiencyRule* counted_rule = backend_.simulated() ? efficiency : nullptr;
  std::optional<RunnerReply> counted_reply;
  const Measured* earlier = efficiency == nullptr && !options.dump_dir ? measured_before(test_case) : nullptr;
  const Counted* counted_earlier =
      counted_rule != nullptr && !options.dump_dir ? counted_before(test_case, *counted_rule) : nullptr;
  if (earlier != nullptr) {
    take_earlier_verdict(earlier->case_name, earlier->checked, result);
  } else if (counted_earlier != nullptr) {
    take_earlier_verdict(counted_earlier->case_name, counted_earlier->checked, result);
    counted_reply = counted_earlier->reply;
  } else {
    run_and_check(test_case, options, counted_rule, counted_reply, result);
    remember_measured(test_case, result);
    if (counted_rule != nullptr) remember_counted(test_case, *counted_rule, result, counted_reply);
  }
  if (test_case.size != listed_case.size) {
    result.message += fmt::format("{}run at {} in the simulator instead of {}", result.message.empty() ? "" : "; ",
                                  size_text(test_case.size), size_text(listed_case.size));
  }
  if (result.unmeasured_speed) {
    result.message += (result.message.empty() ? "" : "; ") + unmeasured_speed_note(*result.unmeasured_speed);
  }
  if (result.status == CaseStatus::kPassed) {
    result.points = test_case.points;
    if ((test_case.speed || options.time) && backend_.can_time()) time_case(test_case, result);
  }
  std::optional<Recounted> recounted;
  if (counted_rule != nullptr && counted_reply && result.status == CaseStatus::kPassed && !options.dump_dir) {
    recounted = recount(test_case, *counted_rule, options);
  }
  if (efficiency != nullptr) {
    grade_efficiency(*efficiency, listed_case, test_case, counted_reply ? &*counted_reply : nullptr,
                     recounted ? &*recounted : nullptr, result);
  }
  result.elapsed_ms = milliseconds_since(started);
  return result;
}

void Grader::run_and_check(const TestCase& test_case, const CaseOptions& options, const EfficiencyRule* counted_rule,
                           std::optional<RunnerReply>& counted_reply, CaseResult& result, Orders orders) {
  RunnerReply failure;
  RunnerSession* session = student_->session(failure);
  if (session == nullptr) {
    apply_outcome(judge_runner_failure(test_case, failure, RunnerPhase::kStart), result);
    return;
  }
  const Workload& workload = input_sets(test_case, 1).front();
  const bool counted = counted_rule != nullptr;
  {
    const bool profiled = options_.profile_memory && backend_.simulated();
    std::unique_ptr<Arena> arena;
    TestCase limited = test_case;  // its timeout_s becomes the limit the check was held to
    // What the limit cannot go below for this run (check_within_limit): the simulator's first wait is longer.
    const double first_wait = first_wait_for(test_case);
    RunnerReply reply = [&] {
      ScopedPhase phase("student's runner: run the case once");
      auto check = [&](RunnerSession& runner, Arena& in, double seconds) {
        TestCase within = test_case;
        within.timeout_s = seconds;
        return counted ? check_counted(runner, in, within, *counted_rule)
                       : runner.check(in, deadline_after(seconds),
                                      profiled ? RunnerSession::CheckOrder::kProfiled : RunnerSession::CheckOrder::kAsIs);
      };
      return check_within_limit(test_case, workload, check, arena, limited.timeout_s);
    }();
    record_runner_phases(reply);
    if (profiled) keep_access_counts(reply);
    if (counted && reply.outcome == RunnerReply::Outcome::kOk) counted_reply = reply;
    if (reply.outcome != RunnerReply::Outcome::kOk) {
      apply_outcome(judge_runner_failure(limited, reply, RunnerPhase::kCheck), result);
      if (reply.outcome == RunnerReply::Outcome::kTimedOut && !test_case.timeout_given) {
        // The limit is measured, so the message names the rule, not the number: a regrade says the same.
        result.message = fmt::format(
            "no result within the case's time limit while running the case (an endless loop, or far too slow); "
            "the process was killed (the limit: {:g} times the slowest reference's time on it, at least {:g} s and "
            "at most {:g} s; README, \"Time limits\")",
            kTimeoutReferenceFactor, first_wait, test_case.timeout_s);
      }
    } else {
      apply_outcome(judge_checked_case(test_case, workload, *arena, reply, orders), result);
      if (auto launched = reply.fields.find("launches"); launched != reply.fields.end()) {
        result.launches = launched->second;
        result.launches_size = test_case.size;
      }
      // Device printf lands in the runner's output: the student sees it beside the verdict, never as one.
      if (!reply.output.empty()) {
        append_line(result.details, "what the program printed:\n" + last_lines(reply.output, 20));
      }
      if (auto simulated = reply.fields.find("sim_ms"); simulated != reply.fields.end()) {
        result.simulated_ms = std::strtod(simulated->second.c_str(), nullptr);
      }
      if (options.dump_dir) lab_.dump(workload, arena->returned(0), *options.dump_dir);
    }
  }
}

}  // namespace cudagrade
