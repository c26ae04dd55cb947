// The grading pipeline for one submission: build, then for each case run, check and score, producing a
// GradeReport for the printers. Student failures are data in the report; only a broken grader throws.
#pragma once

#include <filesystem>
#include <functional>
#include <future>
#include <map>
#include <memory>
#include <optional>
#include <vector>

#include "backend/backend.h"
#include "check/access_profile.h"
#include "check/case_judge.h"
#include "check/physical_limit.h"
#include "core/confinement.h"
#include "core/paths.h"
#include "core/temp_dir.h"
#include "model/lab.h"
#include "model/report.h"
#include "pipeline/runner_slot.h"
#include "pipeline/sanitizer_check.h"
#include "pipeline/time_limits.h"
#include "pipeline/timed_samples.h"

namespace cudagrade {

// What a GPU grade's efficiency case says until the simulator beside it has counted it (pipeline/race_check.h).
inline constexpr const char* kAwaitingSimulatorCount = "to be counted by the simulator beside the GPU grade";

// A case without a timeout of its own waits kTimeoutFloorSeconds, then as long as kTimeoutReferenceFactor
// times the slowest reference's time on it (grader_limits.cc).
inline constexpr double kTimeoutFloorSeconds = 0.5;
inline constexpr double kTimeoutReferenceFactor = 50;
// In the simulator the first wait is longer: its downsized cases take up to about 0.7 s with the race checks
// (the reductions near 2^20, on a 2-core machine), and a run past the first wait costs every reference's run of
// the case in the simulator (seconds) and the student's run again. Once the student's runner has hung, its
// remaining cases wait kTimeoutFloorSeconds first, as on a GPU.
inline constexpr double kSimulatorFirstWaitSeconds = 3;

// How long a case without a timeout of its own is first waited for: kTimeoutFloorSeconds, and in the simulator
// kSimulatorFirstWaitSeconds until the student's runner has hung once; never more than the case's ceiling.
double first_wait_seconds(bool simulated, bool student_hung, double ceiling_s);

// The simulator's second order switches threads at every global-memory access, so an honest file runs slower
// there than in the first order (reference/scan/naive.cu at 1,310,720 elements: 3.4 s alone, past 5 s on a
// loaded machine, where it was called a race). Held to the case's ceiling alone, a correct file's grade
// depended on the machine's load; twice the ceiling bounds what a file that hangs only there costs.
inline constexpr double kSecondOrderLimitFactor = 2;

// How long the second order of a case is waited for: the YAML's own timeout where it gives one, else
// kSecondOrderLimitFactor times the case's ceiling.
double second_order_limit_seconds(bool timeout_given, double timeout_s);

struct GradeOptions {
  bool include_hidden = false;
  TimingPolicy timing;
  Confinement::Level confinement = Confinement::Level::kNone;  // for the student's runner
  std::optional<int> device;  // pin every runner (student's and trusted) to this GPU
  // The simulator's memory-access profile (check --profile): counted in every case's first order, and put
  // in GradeReport::profile per line of the student's file.
  bool profile_memory = false;
  // The race checker where the simulator cannot run a file (pipeline/sanitizer_check.h).
  std::filesystem::path compute_sanitizer = default_compute_sanitizer();
  // The cases' time limits, shared with the class's other graders (one measurement per case for the class,
  // and the same limit for every student); null: this grader's own.
  std::shared_ptr<TimeLimits> limits;
  // How long a student's runner may take to greet; once it has not, its remaining cases are not tried.
  std::chrono::milliseconds runner_start_timeout{kRunnerStartTimeout};
  // The factors of Lab::recount_size, one per side, for each size counted in this grade; null: drawn from the
  // kernel's random source, so that no file can know where it will be counted again.
  std::function<double()> recount_factor;
};

// Per case: whether to time it even if it is not a performance case (`cudagrade run`), and where to dump
// its matrices.
struct CaseOptions {
  bool time = false;
  std::optional<std::filesystem::path> dump_dir;
};

class Grader {
 public:
  Grader(const Lab& lab, Backend& backend, ProjectPaths paths, GradeOptions options);
  ~Grader();

  GradeReport grade(const std::filesystem::path& submission, const TestSuite& suite);
  // One ad-hoc case, for `cudagrade run`.
  GradeReport run_one(const std::filesystem::path& submission, const TestCase& test_case, const CaseOptions& options);
  // compute-sanitizer's racecheck, then synccheck, on the suite's smallest non-trivial correctness case, in the
  // student's sandbox with the runner grade() built (grader_sanitizer.cc). It needs the GPU: run it after grade().
  // On the case `case_name` when given (a case whose launches differ from the simulator's), else on the
  // smallest warp-wide correctness case (pipeline/sanitizer_check.h). `graded`: the grade, whose account of the
  // case's launches the run under the tool must tell again (watched_run_verdict); null for none.
  SanitizerVerdict sanitize(const std::filesystem::path& submission, const TestSuite& suite,
                            const std::string& case_name = "", const GradeReport* graded = nullptr);

 private:
  GradeReport grade_cases(const std::filesystem::path& submission, const std::vector<TestCase>& cases,
                          const CaseOptions& options);
  BuildResult build_or_explain(const BuildRequest& request);
  // The command that starts the student's runner in its sandbox; `wrapper`, when given, is a trusted tool the
  // sandbox starts instead, with the runner as its last argument (Confinement::wrapper).
  std::vector<std::string> student_command(const std::filesystem::path& runner,
                                           const std::vector<std::string>& wrapper = {});
  // The cases grade() grades: the hidden ones only when asked for.
  std::vector<TestCase> cases_to_grade(const TestSuite& suite) const;
  // One tool's finding on `test_case`, run in a fresh runner under it; kUnreadable with the reason when the run
  // gave no verdict (a timeout, a tool that would not start). `watched_launches` gets the runner's account of
  // the case's launches under the tool, empty where it gave none.
  SanitizerFinding run_under_sanitizer(const std::filesystem::path& runner, SanitizerTool tool,
                                       const TestCase& test_case, std::string* watched_launches);
  // Builds the submission. When nothing can run (a compile error, no device) every case is decided here.
  enum class Preparation { kReady, kEveryCaseDecided };
  Preparation prepare(const std::filesystem::path& submission, const std::vector<TestCase>& cases, GradeReport& report);
  CaseResult grade_case_safely(const TestCase& test_case, const CaseOptions& options);
  // The verdict on a student's runner that failed at its start (it never said hello), a check or a timing.
  enum class RunnerPhase { kStart, kCheck, kTiming };
  CheckOutcome judge_runner_failure(const TestCase& test_case, const RunnerReply& failure, RunnerPhase when);
  // Whether the lab's first reference fails as `claimed` on this device (named in `reference`).
  bool machine_fails_too(const TestCase& test_case, RunnerReply::Outcome claimed, std::string& reference);
  CaseResult grade_case(const TestCase& test_case, const CaseOptions& options);
  // Whether the simulator runs a checked case again in the second order: every graded case, but not a recount,
  // whose run only counts (its first order still checks the answer and its races).
  enum class Orders { kBoth, kFirstOnly };
  // The verdict on a case the student's runner checked and answered: the outputs, and in the simulator its
  // global-memory race and, with kBoth, the same input run again in the second order (grader_orders.cc).
  CheckOutcome judge_checked_case(const TestCase& test_case, const Workload& workload, const Arena& arena,
                                  const RunnerReply& reply, Orders orders);
  struct SecondOrderRun {
    CheckOutcome outcome;
    std::unique_ptr<Arena> arena;  // null when the run gave no outputs
  };
  SecondOrderRun run_in_second_order(const TestCase& test_case, const Workload& workload);
  // The profile's counts in a check's reply, added to the submission's (grader_profile.cc).
  void keep_access_counts(const RunnerReply& reply);
  // The counts so far, per line of `submission`, into report.profile.
  void put_profile(const std::filesystem::path& submission, GradeReport& report);
  // The inputs of the case being graded, generated once and shared by every run on them: the student's check,
  // its timing, the reference's and the baselines' (grader_inputs.cc). Sets 0 .. count-1, made on first use.
  std::span<const Workload> input_sets(const TestCase& test_case, size_t count);
  // What makes two cases' runs the same measurement: the inputs (size, seed, distribution) and how the answer
  // is judged (tolerance). The name, points and speed rule may differ.
  static std::string measurement_key(const TestCase& test_case);
  // What makes an earlier case's run stand for this one's: the same measurement, held to the same time limit
  // (a case's own timeout, or the ceiling its measured limit stays under).
  static std::string run_key(const TestCase& test_case);
  // Cases with the same run_key are one measurement: the student's run and time are taken once and each case
  // scores them by its own rule. An earlier case's measurement, or null when no earlier case had these inputs.
  struct Measured;
  Measured* measured_before(const TestCase& test_case);
  void remember_measured(const TestCase& test_case, const CaseResult& result);
  // In the simulator, cases with the same inputs whose efficiency rules count with the same modelled cache are
  // one counted run too: the counts are the run's, and each rule grades them by its own thresholds. An earlier
  // case's counted run, or null.
  struct Counted;
  const Counted* counted_before(const TestCase& test_case, const EfficiencyRule& rule) const;
  void remember_counted(const TestCase& test_case, const EfficiencyRule& rule, const CaseResult& result,
                        const std::optional<RunnerReply>& counted_reply);
  std::string counted_key(const TestCase& test_case, const EfficiencyRule& rule) const;
  static void take_earlier_verdict(const std::string& earlier_case, const CaseResult& checked, CaseResult& result);
  // Runs the case once in the student's runner and judges the answer into `result`; counted in every block
  // for `counted_rule` when there is one, the simulator's (its reply then kept in counted_reply).
  void run_and_check(const TestCase& test_case, const CaseOptions& options, const EfficiencyRule* counted_rule,
                     std::optional<RunnerReply>& counted_reply, CaseResult& result, Orders orders = Orders::kBoth);
  // The student's check of `workload` by `check`, held to the case's time limit (grader_limits.cc): the
  // floor first, then, where that was not enough, the limit the references' time on the case gives.
  // `arena` is the one the answering run wrote; `limit` the seconds that run was allowed.
  RunnerReply check_within_limit(const TestCase& test_case, const Workload& workload,
                                 const std::function<RunnerReply(RunnerSession&, Arena&, double)>& check,
                                 std::unique_ptr<Arena>& arena, double& limit);
  // What the runners' limits count: wall time, or the simulator's runner's own CPU time.
  TimeBasis runner_time_basis() const;
  // What a case without a timeout of its own is first waited for, now (first_wait_seconds).
  double first_wait_for(const TestCase& test_case) const;
  std::string limit_key(const TestCase& test_case) const;
  std::optional<double> known_limit(const TestCase& test_case) const;
  double calibrate_limit(const TestCase& test_case);
  void time_case(const TestCase& test_case, CaseResult& result);
  // The check of a case an efficiency rule grades (`rule` not null): counted in every block, with the
  // modelled cache, on the simulator (grader_efficiency.cc).
  RunnerReply check_counted(RunnerSession& session, Arena& arena, const TestCase& test_case, const EfficiencyRule& rule);
  // The rule's figure and points from that check's reply (null where the case never ran, or the backend is the
  // GPU's, whose efficiency cases the simulator beside it counts: pipeline/race_check.h), into result.
  // `listed_case` is the case as the suite lists it, `test_case` as the simulator ran it (downsized).
  // `recounted`, when not null, is the same case counted again at a size drawn for this grade.
  struct Recounted;
  void grade_efficiency(const EfficiencyRule& rule, const TestCase& listed_case, const TestCase& test_case,
                        const RunnerReply* counted, const Recounted* recounted, CaseResult& result);
  // The rule's points where the case was counted again: the first count's, unless the second shows other code.
  void grade_with_recount(const EfficiencyRule& rule, const TestCase& listed_case, const TestCase& test_case,
                          const RunnerReply& first, double first_figure, const Recounted& recounted,
                          EfficiencyResult& efficiency);
  // The figure of the lab's reference `name` counted on `counted_case` by the rule.
  std::optional<double> reference_figure(const std::string& name, const EfficiencyRule& rule,
                                         const TestCase& listed_case, const TestCase& counted_case);
  // The second count's figure carried to the first count's size by each solution reference's change, the worst.
  double most_carried(const EfficiencyRule& rule, const TestCase& listed_case, const TestCase& first_case,
                      const TestCase& second_case, double second_figure);
  // The case counted again at recount_size() (once per size and rule in a grade), or nullopt where the lab
  // names no recount for it.
  std::optional<Recounted> recount(const TestCase& test_case, const EfficiencyRule& rule, const CaseOptions& options);
  // Lab::recount_size of `size`, drawn once per grade: every rule counted at `size` is counted again at one size.
  std::vector<int64_t> recount_size(const std::vector<int64_t>& size);
  enum class TimingOutcome { kTimed, kCaseDecided };
  void fill_throughput(const TestCase& test_case, SpeedResult& speed) const;
  // On kTimed, `audited` will say whether the samples the runner handed back were right (judged meanwhile).
  TimingOutcome time_student(const TestCase& test_case, TimedSamples& samples, CaseResult& result, SpeedResult& speed,
                             std::future<CheckOutcome>& audited);
  // Times the reference and the baselines on the same sets, and scores the student's speed against them.
  void compare_with_trusted(const SpeedRule& rule, const TestCase& test_case, TimedSamples& samples, CaseResult& result,
                            SpeedResult& speed);
  std::vector<std::string> told_its_device(std::vector<std::string> command, size_t program_words) const;
  // The lab's reference `name`, built and started once per grader (key: reference_key(name)).
  RunnerSlot* reference_runner(const std::string& name, std::string& problem);
  static std::string reference_key(const std::string& name);
  static std::string baseline_key(const Baseline& baseline);
  void start_trusted_early(const std::vector<TestCase>& cases);
  RunnerSlot* add_trusted(const std::string& key, const BuildResult& build);
  // The lab's references that solve it: every one but its speed-of-light references.
  std::vector<std::string> solution_references() const;
  // Whether the trusted runner `runner_key` is one of the lab's speed-of-light references.
  bool is_speed_of_light(const std::string& runner_key) const;
  RunnerSlot* trusted_runner(const std::string& key, const std::filesystem::path& source,
                             const std::vector<std::string>& libraries, std::string& problem);
  // Times a reference or baseline on the same input sets the student was timed on (once per case).
  std::optional<Timing> time_trusted(const std::string& runner_key, RunnerSlot& slot, const TestCase& test_case,
                                     TimedSamples& samples, std::string& problem);
  // Judges each sample a timing request handed back (RunnerReply::audited_samples) against its own inputs.
  CheckOutcome judge_audited(const TestCase& test_case, TimedSamples& samples, const RunnerReply& reply,
                             const Arena& arena, bool speed_of_light);
  // The device's copy bandwidth and FP32 peak, from a trusted runner (once per grader).
  std::optional<DeviceLimits> device_limits(RunnerSlot& trusted);
  // Where arenas are made: on tmpfs when it has room to spare (it is memory the runner also needs), else on
  // disk. A student's runner may write its own folders and no others: they are made fresh for each file,
  // and the references' folders are never shown to a student's runner.
  struct ArenaFolders {
    std::unique_ptr<TempDir> memory;
    std::unique_ptr<TempDir> disk;
    Arena::ReadBack read_back = Arena::ReadBack::kCopy;  // a copy, unless every runner writing here is trusted
    void create();
  };
  // A new arena under an unpredictable name, so that no runner can plant a file where the next one will be.
  std::unique_ptr<Arena> make_arena(ArenaFolders& folders, std::span<const Workload> sets);

  const Lab& lab_;
  Backend& backend_;
  ProjectPaths paths_;
  GradeOptions options_;
  ArenaFolders student_arenas_;
  ArenaFolders trusted_arenas_{nullptr, nullptr, Arena::ReadBack::kMapTrusted};
  std::unique_ptr<RunnerSlot> student_;
  // The simulator's second order runs in a fresh process for every case: state a file keeps between calls
  // (a __device__ lock it never releases) must not make one order differ from the other.
  std::unique_ptr<RunnerSlot> second_order_;
  std::filesystem::path student_runner_;  // the built runner, whose code addresses the profile names
  std::vector<AccessCount> access_counts_;
  std::map<std::string, std::unique_ptr<RunnerSlot>> trusted_;  // references and baselines, built once
  std::shared_ptr<TimeLimits> limits_;  // seconds, by limit_key(): GradeOptions::limits, or this grader's
  bool student_hung_ = false;  // the student's runner timed out in this grade: first waits as on a GPU
  std::map<std::string, Timing> trusted_timings_;               // by runner and inputs: timed once per grader
  struct CaseInputs {
    std::string key;             // measurement_key() of the case they were made for
    std::vector<Workload> sets;  // reserved up front, so that spans over it stay valid as it grows
  };
  CaseInputs inputs_;  // only the latest case's: a performance case's sets are hundreds of MiB
  struct Measured {
    std::string case_name;
    CaseResult checked;                   // the verdict of the student's run, before timing
    std::optional<Timing> student_timing;  // once timed and re-checked
  };
  std::map<std::string, Measured> measured_;  // by run_key()
  struct Counted {
    std::string case_name;
    CaseResult checked;
    std::optional<RunnerReply> reply;  // null when the run gave no counts (a wrong answer, a timeout)
  };
  std::map<std::string, Counted> counted_;  // by counted_key()
  struct Recounted {
    std::vector<int64_t> size;
    const Counted* counted = nullptr;  // in counted_, whose nodes stay put
  };
  std::map<std::vector<int64_t>, std::vector<int64_t>> recount_sizes_;  // by the size first counted
  std::map<std::string, std::optional<double>> reference_figures_;       // by reference and counted_key()
  std::optional<std::optional<DeviceLimits>> device_limits_;
};

}  // namespace cudagrade
