// How Grader times a case that passed (pipeline/grader.h): the student's runner against the reference and
// the library baseline, each in its own runner, in this run on this device; and the reported times held
// against the grader's own clock.
#include <fmt/format.h>

#include <algorithm>
#include <future>

#include "check/case_judge.h"
#include "check/physical_limit.h"
#include "check/reported_time.h"
#include "core/parallel.h"
#include "core/phase_clock.h"
#include "pipeline/grader.h"
#include "report/report_text.h"
#include "score/scoring.h"

namespace cudagrade {
namespace {

// A reported time the grader's own clock refutes is a forgery: the case is rejected with no points, as a
// file the object check refuses would be (check/reported_time.h says how the rule can be wrong).
bool refuse(const std::string& message, CaseResult& result) {
  result.status = CaseStatus::kRejected;
  result.message = message;
  result.points = 0;
  return true;
}

bool refused_as_forged(const ReportedTimeVerdict& verdict, CaseResult& result) {
  return verdict.outcome != ReportedTimeVerdict::Outcome::kPlausible && refuse(verdict.message, result);
}

// And a time beyond what the device can do is one too (check/physical_limit.h).
bool refused_as_forged(const PhysicalVerdict& verdict, CaseResult& result) {
  return verdict.outcome != PhysicalVerdict::Outcome::kPossible && refuse(verdict.message, result);
}

}  // namespace

// The sets are the case's own inputs, set 0 the one it was checked on: generated once, not again for timing.
// Each timed sample mixes them into inputs of its own (pipeline/timed_samples.h), with a seed drawn for this
// case. A case that repeats an earlier case's inputs reuses the student's time taken there (measured_before).
void Grader::time_case(const TestCase& test_case, CaseResult& result) {
  const SpeedRule rule = test_case.speed.value_or([&] {
    SpeedRule only_timed;  // `cudagrade run`: timed against the lab's reference, for no points
    only_timed.reference = lab_.default_speed_reference();
    return only_timed;
  }());
  SpeedResult speed;
  speed.reference = rule.reference;
  const std::span<const Workload> sets = input_sets(test_case, static_cast<size_t>(std::max(1, options_.timing.sets)));
  TimedSamples samples(sets);
  // What the trusted runners' answers will be checked against (they hand back their first samples), computed
  // on the host's cores while the GPU times the student; the checks below wait for it where they need it
  // (Workload::expected). Joined before `samples` can go.
  std::future<void> expecting = std::async(std::launch::async, [&] {
    ScopedPhase phase("prepare the checks, beside the timing");
    for (size_t sample = 0; sample < sets.size(); ++sample) {
      lab_.prepare_check(test_case, samples.sample(static_cast<int64_t>(sample)));
    }
  });
  Measured* measured = measured_before(test_case);
  std::future<CheckOutcome> audited;  // the student's timed samples, judged while the trusted runners are timed
  if (measured != nullptr && measured->student_timing) {
    speed.student = *measured->student_timing;
    fill_throughput(test_case, speed);
  } else if (time_student(test_case, samples, result, speed, audited) == TimingOutcome::kCaseDecided) {
    return;
  }
  // The student's process ends before anything trusted is timed, so nothing it left running on the GPU can
  // slow a reference down and flatter the ratio.
  {
    ScopedPhase phase("stop the student's runner");
    student_->stop();
  }
  compare_with_trusted(rule, test_case, samples, result, speed);
  if (!audited.valid()) return;
  CheckOutcome outcome = audited.get();
  if (outcome.status != CaseStatus::kPassed) {
    apply_outcome(outcome, result);
    result.points = 0;
    result.speed.reset();
    return;
  }
  if (measured != nullptr) measured->student_timing = speed.student;
}

void Grader::fill_throughput(const TestCase& test_case, SpeedResult& speed) const {
  const WorkCount work = lab_.work(test_case);
  speed.gflops = work.flops / (speed.student.median_ms * 1e-3) / 1e9;
  speed.gbps = work.bytes / (speed.student.median_ms * 1e-3) / 1e9;
}

Grader::TimingOutcome Grader::time_student(const TestCase& test_case, TimedSamples& samples, CaseResult& result,
                                           SpeedResult& speed, std::future<CheckOutcome>& audited) {
  RunnerReply failure;
  RunnerSession* session = student_->session(failure);
  if (session == nullptr) {
    apply_outcome(judge_runner_failure(test_case, failure, RunnerPhase::kStart), result);
    result.points = 0;
    return TimingOutcome::kCaseDecided;
  }
  std::unique_ptr<Arena> arena = make_arena(student_arenas_, samples.sets());
  RunnerReply reply = [&] {
    ScopedPhase phase("student's runner: timing");
    return session->time(*arena, options_.timing, samples.mixing(sample_mixing::Audit::kRandom),
                         deadline_after(test_case.timeout_s));
  }();
  record_runner_phases(reply);
  if (reply.outcome == RunnerReply::Outcome::kTimedOut) {
    // Correct but too slow to time: the correctness points stand.
    speed.note = fmt::format("too slow to time within the case's {:g} s limit; no speed points", test_case.timeout_s);
    result.speed = speed;
    return TimingOutcome::kCaseDecided;
  }
  if (reply.outcome != RunnerReply::Outcome::kOk) {
    apply_outcome(judge_runner_failure(test_case, reply, RunnerPhase::kTiming), result);
    result.points = 0;
    return TimingOutcome::kCaseDecided;
  }
  // Timed samples drawn at random are judged on their own inputs: a submission that remembers an answer, or
  // computes only the calls it expects to be looked at, fails there. Their inputs are mixed and their answers
  // computed on the host while the GPU times the trusted runners (time_case waits for the verdict).
  std::shared_ptr<const Arena> handed_back = std::move(arena);
  audited = std::async(std::launch::async, [this, &test_case, &samples, handed_back, reply] {
    return judge_audited(test_case, samples, reply, *handed_back, false);
  });
  speed.student = *reply.timing;
  const auto set_count = static_cast<int>(samples.sets().size());
  if (refused_as_forged(judge_reported_time(speed.student, set_count, std::nullopt), result)) {
    return TimingOutcome::kCaseDecided;
  }
  fill_throughput(test_case, speed);
  return TimingOutcome::kTimed;
}

void Grader::compare_with_trusted(const SpeedRule& rule, const TestCase& test_case, TimedSamples& samples,
                                  CaseResult& result, SpeedResult& speed) {
  std::string problem;
  RunnerSlot* reference = reference_runner(rule.reference, problem);
  if (reference != nullptr) {
    speed.reference_timing = time_trusted(reference_key(rule.reference), *reference, test_case, samples, problem);
  }
  const auto set_count = static_cast<int>(samples.sets().size());
  if (speed.reference_timing &&
      refused_as_forged(judge_reported_time(speed.student, set_count, speed.reference_timing), result)) {
    return;
  }
  const std::optional<DeviceLimits> limits = reference ? device_limits(*reference) : std::nullopt;
  if (limits &&
      refused_as_forged(judge_physically_possible(lab_.work(test_case), speed.student.median_ms, *limits), result)) {
    return;
  }
  if (speed.reference_timing) {
    speed.ratio = speed.student.median_ms / speed.reference_timing->median_ms;
    speed.points = speed_points(rule, graded_ratio(*speed.ratio));
  } else {
    // Without the reference there is no fair speed grade; that is the grader's fault, not the student's.
    result.status = CaseStatus::kInfraError;
    result.message = "could not time the reference '" + rule.reference + "': " + problem;
  }
  for (const Baseline& baseline : lab_.baselines()) {
    std::string baseline_problem;
    const std::string key = baseline_key(baseline);
    RunnerSlot* slot = trusted_runner(key, paths_.root / baseline.source, baseline.libraries, baseline_problem);
    std::optional<Timing> timing = slot ? time_trusted(key, *slot, test_case, samples, baseline_problem) : std::nullopt;
    if (timing) {
      speed.baselines.push_back({baseline.name, *timing});
    } else {
      speed.note += fmt::format("baseline {} unavailable: {}. ", baseline.name, baseline_problem);
    }
  }
  if (!speed.baselines.empty()) {
    speed.percent_of_baseline = 100 * speed.baselines.front().timing.median_ms / speed.student.median_ms;
  }
  if (limits && limits->copy_gbps > 0) speed.percent_of_bandwidth = 100 * speed.gbps / limits->copy_gbps;
  result.points += speed.points;
  result.speed = speed;
}

// Built and started before the student's first case, so that CUDA's start-up in each overlaps the correctness
// cases instead of waiting in front of a timing. Nothing is timed while they start.
// Their builds run at once, on all cores (a cold cache's three nvcc builds were a fifth of a self-check).
void Grader::start_trusted_early(const std::vector<TestCase>& cases) {
  struct Wanted {
    std::string key;
    BuildRequest request;
    BuildResult build;
  };
  std::vector<Wanted> wanted;
  auto want = [&](const std::string& key, const std::filesystem::path& source, const std::vector<std::string>& libraries) {
    const bool listed = std::any_of(wanted.begin(), wanted.end(), [&](const Wanted& w) { return w.key == key; });
    if (!listed && !trusted_.count(key)) {
      wanted.push_back({key, {&lab_, source, libraries, BuildRequest::Provenance::kTrusted}, {}});
    }
  };
  for (const TestCase& test_case : cases) {
    if (!test_case.speed) continue;
    want(reference_key(test_case.speed->reference), paths_.reference_file(lab_.name(), test_case.speed->reference), {});
    for (const Baseline& baseline : lab_.baselines()) {
      want(baseline_key(baseline), paths_.root / baseline.source, baseline.libraries);
    }
  }
  parallel_for(static_cast<int64_t>(wanted.size()), [&](int64_t i) {
    Wanted& one = wanted[static_cast<size_t>(i)];
    one.build = build_or_explain(one.request);
  });
  // A runner that will not build is left out: trusted_runner() builds it again where it is needed, and the
  // case that needs it says why.
  for (const Wanted& one : wanted) {
    if (one.build.outcome == BuildResult::Outcome::kBuilt) add_trusted(one.key, one.build)->start_early();
  }
}

std::string Grader::reference_key(const std::string& name) {
  return "reference:" + name;
}

std::string Grader::baseline_key(const Baseline& baseline) {
  return "baseline:" + baseline.name;
}

std::vector<std::string> Grader::solution_references() const {
  const std::vector<std::string> speed_of_light = lab_.speed_of_light_references();
  std::vector<std::string> names = paths_.reference_names(lab_.name());
  std::erase_if(names, [&](const std::string& name) {
    return std::count(speed_of_light.begin(), speed_of_light.end(), name) > 0;
  });
  return names;
}

bool Grader::is_speed_of_light(const std::string& runner_key) const {
  for (const std::string& name : lab_.speed_of_light_references()) {
    if (runner_key == reference_key(name)) return true;
  }
  return false;
}

RunnerSlot* Grader::reference_runner(const std::string& name, std::string& problem) {
  return trusted_runner(reference_key(name), paths_.reference_file(lab_.name(), name), {}, problem);
}

RunnerSlot* Grader::trusted_runner(const std::string& key, const std::filesystem::path& source,
                                   const std::vector<std::string>& libraries, std::string& problem) {
  auto found = trusted_.find(key);
  if (found != trusted_.end()) return found->second.get();
  BuildResult build = build_or_explain({&lab_, source, libraries, BuildRequest::Provenance::kTrusted});
  if (build.outcome != BuildResult::Outcome::kBuilt) {
    problem = build.summary;
    return nullptr;
  }
  return add_trusted(key, build);
}

RunnerSlot* Grader::add_trusted(const std::string& key, const BuildResult& build) {
  std::vector<std::string> command = told_its_device({build.runner.string()}, 1);
  if (options_.device) command = pinned_to_device(std::move(command), *options_.device);
  auto slot = std::make_unique<RunnerSlot>(build.runner, std::move(command), StartRetry::kAfterEveryFailure,
                                           kRunnerStartTimeout, runner_time_basis());
  return trusted_.emplace(key, std::move(slot)).first->second.get();
}

std::optional<Timing> Grader::time_trusted(const std::string& runner_key, RunnerSlot& slot, const TestCase& test_case,
                                           TimedSamples& samples, std::string& problem) {
  const std::string key = runner_key + "|" + measurement_key(test_case);
  if (auto found = trusted_timings_.find(key); found != trusted_timings_.end()) return found->second;
  RunnerReply failure;
  RunnerSession* session = slot.session(failure);
  if (session == nullptr) {
    problem = failure.detail;
    return std::nullopt;
  }
  std::unique_ptr<Arena> arena = make_arena(trusted_arenas_, samples.sets());
  RunnerReply reply = [&] {
    ScopedPhase phase("reference or baseline: timing");
    return session->time(*arena, options_.timing, samples.mixing(sample_mixing::Audit::kFirst),
                         deadline_after(test_case.timeout_s));
  }();
  record_runner_phases(reply);
  if (reply.outcome != RunnerReply::Outcome::kOk) {
    problem = judge_failed_reply(reply, test_case.timeout_s, "while timing").message;
    return std::nullopt;
  }
  // A trusted implementation that is wrong would make every ratio meaningless. A speed of light computes no
  // answer, so it is held only to having written every output element.
  const CheckOutcome audited = judge_audited(test_case, samples, reply, *arena, is_speed_of_light(runner_key));
  if (audited.status != CaseStatus::kPassed) {
    problem = "it computed a wrong answer: " + audited.message;
    return std::nullopt;
  }
  const Timing timing = *reply.timing;
  trusted_timings_[key] = timing;
  return timing;
}

CheckOutcome Grader::judge_audited(const TestCase& test_case, TimedSamples& samples, const RunnerReply& reply,
                                   const Arena& arena, bool speed_of_light) {
  ScopedPhase phase("judge the timed samples handed back");
  for (size_t set = 0; set < reply.audited_samples.size(); ++set) {
    const int64_t sample = reply.audited_samples[set];
    const Workload& sent = samples.sample(sample);
    CheckOutcome outcome =
        speed_of_light ? judge_speed_of_light_set(sent, arena, set) : judge_set(lab_, test_case, sent, arena, set);
    if (outcome.status == CaseStatus::kPassed) continue;
    outcome.message = fmt::format("wrong in timed call {} of {}, on inputs of its own: {}", sample + 1,
                                  reply.timing ? reply.timing->samples : 0, outcome.message);
    return outcome;
  }
  return {};
}

// Measured and read by a trusted runner: the student's process could slow its own copy down, or report any
// device it likes.
std::optional<DeviceLimits> Grader::device_limits(RunnerSlot& trusted) {
  if (device_limits_) return *device_limits_;
  device_limits_.emplace();
  RunnerReply failure;
  RunnerSession* session = trusted.session(failure);
  if (session == nullptr) return std::nullopt;
  ScopedPhase phase("copy bandwidth");
  RunnerReply reply = session->bandwidth(Clock::now() + std::chrono::seconds(60));
  if (reply.outcome != RunnerReply::Outcome::kOk || !reply.fields.count("gbps")) return std::nullopt;
  DeviceLimits limits;
  limits.copy_gbps = std::stod(reply.fields.at("gbps"));
  if (reply.fields.count("sm_count") && reply.fields.count("clock_mhz")) {
    limits.sm_count = std::stoi(reply.fields.at("sm_count"));
    limits.clock_mhz = std::stod(reply.fields.at("clock_mhz"));
  }
  *device_limits_ = limits;
  return limits;
}

}  // namespace cudagrade
