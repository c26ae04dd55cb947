#include "check/case_judge.h"

#include <fmt/format.h>

#include <algorithm>

#include "check/integrity.h"
#include "core/phase_clock.h"

namespace cudagrade {

CheckOutcome judge_set(const Lab& lab, const TestCase& test_case, const Workload& sent, const Arena& arena,
                       size_t set) {
  ScopedPhase phase("check outputs (float64 on the host)");
  CheckOutcome outcome = lab.check(test_case, sent, arena.returned(set));
  std::vector<std::string> integrity;
  if (auto damage = describe_guard_damage(arena, set, sent)) integrity.push_back(*damage);
  if (auto changes = describe_input_changes(arena, set, sent)) integrity.push_back(*changes);
  if (integrity.empty()) return outcome;
  // Writing outside a buffer or into an input fails a case even when the output happens to be right.
  std::string message = fmt::format("{}", fmt::join(integrity, "; "));
  if (outcome.status != CaseStatus::kPassed) message += "; also " + outcome.message;
  return {CaseStatus::kWrongAnswer, message, outcome.details};
}

CheckOutcome judge_speed_of_light_set(const Workload& sent, const Arena& arena, size_t set) {
  std::vector<std::string> problems;
  if (auto damage = describe_guard_damage(arena, set, sent)) problems.push_back(*damage);
  if (auto changes = describe_input_changes(arena, set, sent)) problems.push_back(*changes);
  const ReturnedSet returned = arena.returned(set);
  for (size_t buffer = 0; buffer < sent.buffers.size(); ++buffer) {
    if (sent.buffers[buffer].role != BufferRole::kOutput) continue;
    const int64_t unwritten = count_unwritten(returned.data[buffer]);
    if (unwritten > 0) {
      problems.push_back(fmt::format("{} of {} elements of {} were never written", unwritten,
                                     returned.data[buffer].size(), sent.buffers[buffer].name));
    }
  }
  if (problems.empty()) return {CaseStatus::kPassed, "every output element written", ""};
  return {CaseStatus::kWrongAnswer, fmt::format("{}", fmt::join(problems, "; ")), ""};
}

void apply_outcome(const CheckOutcome& outcome, CaseResult& result) {
  result.status = outcome.status;
  result.message = outcome.message;
  result.details = outcome.details;
}

void append_line(std::string& text, const std::string& line) {
  if (line.empty()) return;
  text += (text.empty() ? "" : "\n") + line;
}

std::string last_lines(const std::string& output, int count) {
  size_t at = output.size();
  if (at > 0 && output[at - 1] == '\n') --at;
  for (int lines = 0; at > 0; --at) {
    if (output[at - 1] == '\n' && ++lines == count) break;
  }
  return output.substr(at);
}

CheckOutcome judge_failed_reply(const RunnerReply& reply, double timeout_s, const std::string& phase) {
  CheckOutcome outcome;
  std::string printed = last_lines(reply.output, 8);
  if (!printed.empty()) outcome.details = "last lines the program printed:\n" + printed;
  switch (reply.outcome) {
    case RunnerReply::Outcome::kTimedOut:
      outcome.status = CaseStatus::kTimeout;
      outcome.message = fmt::format(
          "no result within {:g} s {} (an endless loop, or far too slow); the process "
          "was killed",
          timeout_s, phase);
      break;
    case RunnerReply::Outcome::kCudaError:
      outcome.status = CaseStatus::kCrashed;
      outcome.message = fmt::format("CUDA error {}: {}", phase, reply.detail);
      break;
    case RunnerReply::Outcome::kVerdict:
      outcome.status = case_status_from_string(reply.verdict).value_or(CaseStatus::kCrashed);
      outcome.message = reply.detail;
      break;
    case RunnerReply::Outcome::kCrashed:
      outcome.status = CaseStatus::kCrashed;
      outcome.message = fmt::format("the program died {}: {}", phase, reply.detail);
      break;
    case RunnerReply::Outcome::kHarnessError:
      outcome.status = CaseStatus::kInfraError;
      outcome.message = fmt::format("grader error {}: {}", phase, reply.detail);
      break;
    case RunnerReply::Outcome::kOk: break;
  }
  return outcome;
}

}  // namespace cudagrade
