// How long Grader waits for a student's check (pipeline/grader.h; README, "Time limits"). A hanging file
// used to cost every case its full timeout (5 s, 60 s for performance cases), which made four hanging
// students three quarters of a class's run. Now a case the YAML gives no timeout is first waited for
// kTimeoutFloorSeconds; a run that is not done by then is judged against the case's own limit: 50 times
// the slowest reference's time on the same inputs, measured once per class (pipeline/time_limits.h),
// at least the floor and at most the case's timeout. A run that needed more than the floor but less than
// that limit is run again with it, so a correct but slow file (the naive kernel) never times out. In the
// simulator the first wait is kSimulatorFirstWaitSeconds until the student's runner hangs once, and every
// limit counts the runner's CPU time (core/cpu_time_limit.h).
#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "check/case_judge.h"
#include "core/phase_clock.h"
#include "pipeline/grader.h"

namespace cudagrade {

double first_wait_seconds(bool simulated, bool student_hung, double ceiling_s) {
  return std::min(simulated && !student_hung ? kSimulatorFirstWaitSeconds : kTimeoutFloorSeconds, ceiling_s);
}

double second_order_limit_seconds(bool timeout_given, double timeout_s) {
  return timeout_given ? timeout_s : kSecondOrderLimitFactor * timeout_s;
}

// The simulator's runner does CPU work alone, so its limits count that work, not the machine's load.
TimeBasis Grader::runner_time_basis() const {
  return backend_.simulated() ? TimeBasis::kOwnCpuTime : TimeBasis::kWallClock;
}

double Grader::first_wait_for(const TestCase& test_case) const {
  return first_wait_seconds(backend_.simulated(), student_hung_, test_case.timeout_s);
}

// The limit is the case's inputs' (so cases that repeat them share it), under its own ceiling, on this backend.
std::string Grader::limit_key(const TestCase& test_case) const {
  return fmt::format("{}|{:a}|{}", measurement_key(test_case), test_case.timeout_s, backend_.name());
}

std::optional<double> Grader::known_limit(const TestCase& test_case) const {
  return limits_->known(limit_key(test_case));
}

// The slowest reference's check of the case's first input set, as the limit counts it (on a GPU by the
// grader's clock, transfers and all; in the simulator the runner's CPU time), times kTimeoutReferenceFactor.
// A reference that fails or hangs counts as needing the whole timeout: the case then keeps its ceiling.
// Measured once per TimeLimits: the graders that share it wait for the figure.
double Grader::calibrate_limit(const TestCase& test_case) {
  return limits_->measured(limit_key(test_case), [&] {
    ScopedPhase phase("time limit: the references' own time on the case");
    double slowest_s = 0;
    for (const std::string& name : solution_references()) {
      std::string problem;
      RunnerSlot* slot = reference_runner(name, problem);
      RunnerReply failure;
      RunnerSession* session = slot != nullptr ? slot->session(failure) : nullptr;
      if (session == nullptr) continue;
      std::unique_ptr<Arena> arena = make_arena(trusted_arenas_, input_sets(test_case, 1));
      const auto started = Clock::now();
      const RunnerReply reply = session->check(*arena, deadline_after(test_case.timeout_s));
      const double seconds = session->last_request_cpu_seconds().value_or(
          std::chrono::duration<double>(Clock::now() - started).count());
      slowest_s = std::max(slowest_s, reply.outcome == RunnerReply::Outcome::kOk ? seconds : test_case.timeout_s);
    }
    // Up to a tenth of a second, so that the limit a report names is a plain number.
    return std::clamp(std::ceil(kTimeoutReferenceFactor * slowest_s * 10) / 10, kTimeoutFloorSeconds,
                      std::max(kTimeoutFloorSeconds, test_case.timeout_s));
  });
}

RunnerReply Grader::check_within_limit(const TestCase& test_case, const Workload& workload,
                                       const std::function<RunnerReply(RunnerSession&, Arena&, double)>& check,
                                       std::unique_ptr<Arena>& arena, double& limit) {
  RunnerReply failure;
  RunnerSession* session = student_->session(failure);
  if (session == nullptr) return failure;
  arena = make_arena(student_arenas_, std::span<const Workload>(&workload, 1));
  if (test_case.timeout_given) {
    limit = test_case.timeout_s;
    return check(*session, *arena, limit);
  }
  // Never less than the first wait, even where another grader of the class has measured the limit already:
  // what a student is held to must not depend on which student's grade measured it first.
  const std::optional<double> known = known_limit(test_case);
  limit = std::max(first_wait_for(test_case), known.value_or(0));
  RunnerReply reply = check(*session, *arena, limit);
  if (reply.outcome == RunnerReply::Outcome::kTimedOut && !known) {
    const double needed = calibrate_limit(test_case);  // measured here, or by another grader meanwhile
    if (needed > limit) {
      limit = needed;
      session = student_->session(failure);  // the hung process was ended: a fresh one, on a fresh arena
      if (session == nullptr) return failure;
      arena = make_arena(student_arenas_, std::span<const Workload>(&workload, 1));
      reply = check(*session, *arena, limit);
    }
  }
  if (reply.outcome == RunnerReply::Outcome::kTimedOut) student_hung_ = true;
  return reply;
}

}  // namespace cudagrade
