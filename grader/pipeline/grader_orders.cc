// The simulator's verdict on a checked case, beyond the outputs: the same input run again in its second
// order (cusim/runtime/scheduler.h), judged as one (check/order_judge.h); its evidence of host work; and the
// first global-memory race its first order saw. Part of Grader (pipeline/grader.h).
#include <fmt/format.h>

#include "check/case_judge.h"
#include "check/order_judge.h"
#include "core/phase_clock.h"
#include "pipeline/grader.h"

namespace cudagrade {
namespace {

// The simulator's first global-memory race, weighed against the outputs: right outputs from racing threads
// are luck, so the case is `race`; wrong ones keep their verdict (a missing bounds check makes threads write
// each other's elements, and the bounds are what to fix first), with the race in the details.
CheckOutcome with_global_race(CheckOutcome outcome, const RunnerReply& reply) {
  auto race = reply.fields.find("race");
  if (race == reply.fields.end()) return outcome;
  if (outcome.status == CaseStatus::kPassed) return {CaseStatus::kRace, race->second, outcome.details};
  // Already a race by the two orders' results: the race's lines are the better first message.
  if (outcome.status == CaseStatus::kRace) {
    std::string details = outcome.message;
    append_line(details, outcome.details);
    return {CaseStatus::kRace, race->second, details};
  }
  append_line(outcome.details, "also a data race: " + race->second);
  return outcome;
}

// The simulator's evidence of host work ("output:2": the host wrote that output; "input:0": no kernel read
// that input), weighed against the outputs as a race is: right outputs the kernels did not make are
// host_compute, with no points; wrong ones keep their verdict, with the evidence in the details.
CheckOutcome with_host_work(CheckOutcome outcome, const RunnerReply& reply, const Workload& workload) {
  auto host = reply.fields.find("host");
  if (host == reply.fields.end()) return outcome;
  const std::string::size_type colon = host->second.find(':');
  const size_t index = std::strtoul(host->second.c_str() + colon + 1, nullptr, 10);
  const std::string name = index < workload.buffers.size() ? workload.buffers[index].name : "a buffer";
  const std::string evidence =
      host->second.rfind("output", 0) == 0
          ? fmt::format("{} was written by a copy from host memory, not by a kernel", name)
          : fmt::format("no kernel read the input {}", name);
  if (outcome.status != CaseStatus::kPassed) {
    append_line(outcome.details, "also: " + evidence);
    return outcome;
  }
  return {CaseStatus::kHostCompute,
          evidence + ": the result was computed on the host. The work must run on the GPU, in your kernels.",
          outcome.details};
}

}  // namespace

CheckOutcome Grader::judge_checked_case(const TestCase& test_case, const Workload& workload, const Arena& arena,
                                        const RunnerReply& reply) {
  CheckOutcome in_order = judge_set(lab_, test_case, workload, arena, 0);
  if (!backend_.simulated()) return in_order;
  const SecondOrderRun second = run_in_second_order(test_case, workload);
  const SameOutput same =
      second.arena ? compare_outputs(arena.returned(0), second.arena->returned(0)) : SameOutput::kNo;
  return with_global_race(with_host_work(judge_two_orders(in_order, second.outcome, same), reply, workload), reply);
}

Grader::SecondOrderRun Grader::run_in_second_order(const TestCase& test_case, const Workload& workload) {
  SecondOrderRun run;
  RunnerReply failure;
  RunnerSession* session = second_order_->fresh_session(failure);  // a new process for every case
  if (session == nullptr) {
    // It started once already, for the first order: a runner that will not start now is this file's doing.
    run.outcome = judge_failed_reply(failure, test_case.timeout_s, "starting for the second order");
    return run;
  }
  run.arena = make_arena(student_arenas_, std::span<const Workload>(&workload, 1));
  const RunnerReply reply = [&] {
    ScopedPhase phase("student's runner: the case in the second order");
    return session->check(*run.arena, deadline_after(test_case.timeout_s), RunnerSession::CheckOrder::kSecondOrder);
  }();
  second_order_->start_fresh();  // the next case's process, starting up while this case is judged
  if (reply.outcome != RunnerReply::Outcome::kOk) {
    run.outcome = judge_failed_reply(reply, test_case.timeout_s, "in the second order");
    run.arena.reset();
    return run;
  }
  run.outcome = judge_set(lab_, test_case, workload, *run.arena, 0);
  return run;
}

}  // namespace cudagrade
