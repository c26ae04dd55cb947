// The simulator's verdict on a checked case, beyond the outputs: the same input run again in its second
// order (cusim/runtime/scheduler.h), judged as one (check/order_judge.h); its evidence of host work; and the
// first global-memory race its first order saw. Part of Grader (pipeline/grader.h).
#include <fmt/format.h>

#include <cstdio>
#include <sstream>

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

// The simulator's advice (cusim/runtime/advice.h), worded here from its parts, since the runner sent it, and
// dropped when it does not parse. Shuffles that read a lane not taking part ("30:__shfl_down_sync:0:8:0xff",
// up to three, comma-separated) explain a failed case only: valid CUDA may read such a lane and discard the
// value. Warps that met at __syncthreads() on different lines ("12:20") are worth a word whatever the verdict.
CheckOutcome with_simulator_advice(CheckOutcome outcome, const RunnerReply& reply) {
  auto undefined = reply.fields.find("undefined");
  if (undefined != reply.fields.end() && outcome.status != CaseStatus::kPassed) {
    std::istringstream reads(undefined->second);
    int worded = 0;
    for (std::string read; worded < 3 && std::getline(reads, read, ','); ++worded) {
      int line = 0, reader = 0, source = 0;
      unsigned mask = 0;
      char operation[32] = {};
      if (std::sscanf(read.c_str(), "%d:%31[a-z_]:%d:%d:0x%x", &line, operation, &reader, &source, &mask) != 5) break;
      append_line(outcome.details,
                  fmt::format("also: {} at line {}: lane {} read lane {}, which was not in its mask 0x{:08x} or had "
                              "exited. The CUDA Programming Guide leaves that value undefined (an H200 gives 0, and "
                              "so does the simulator); name every lane a shuffle reads in its mask",
                              operation, line, reader, source, mask));
    }
  }
  auto barriers = reply.fields.find("barriers");
  int first = 0, other = 0;
  if (barriers != reply.fields.end() && std::sscanf(barriers->second.c_str(), "%d:%d", &first, &other) == 2) {
    append_line(outcome.details,
                fmt::format("note: warps of one block met at __syncthreads() on different lines ({} and {}). A GPU "
                            "counts them as one barrier, and so does the simulator, but the CUDA Programming Guide "
                            "leaves it undefined: every thread should reach the same __syncthreads()",
                            first, other));
  }
  return outcome;
}

}  // namespace

CheckOutcome Grader::judge_checked_case(const TestCase& test_case, const Workload& workload, const Arena& arena,
                                        const RunnerReply& reply, Orders orders) {
  CheckOutcome in_order = judge_set(lab_, test_case, workload, arena, 0);
  // A GPU runner sees the file's copies into its outputs itself (runner_main.cu), beside the simulator's check.
  if (!backend_.simulated()) return with_host_work(in_order, reply, workload);
  CheckOutcome judged = in_order;
  if (orders == Orders::kBoth) {
    const SecondOrderRun second = run_in_second_order(test_case, workload);
    const SameOutput same =
        second.arena ? compare_outputs(arena.returned(0), second.arena->returned(0)) : SameOutput::kNo;
    judged = judge_two_orders(in_order, second.outcome, same);
  }
  return with_simulator_advice(with_global_race(with_host_work(judged, reply, workload), reply), reply);
}

Grader::SecondOrderRun Grader::run_in_second_order(const TestCase& test_case, const Workload& workload) {
  const double limit_s = second_order_limit_seconds(test_case.timeout_given, test_case.timeout_s);
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
    return session->check(*run.arena, deadline_after(limit_s), RunnerSession::CheckOrder::kSecondOrder);
  }();
  second_order_->start_fresh();  // the next case's process, starting up while this case is judged
  if (reply.outcome != RunnerReply::Outcome::kOk) {
    run.outcome = judge_failed_reply(reply, limit_s, "in the second order");
    run.arena.reset();
    return run;
  }
  run.outcome = judge_set(lab_, test_case, workload, *run.arena, 0);
  return run;
}

}  // namespace cudagrade
