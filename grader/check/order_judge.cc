#include "check/order_judge.h"

#include <algorithm>

#include "check/case_judge.h"

namespace cudagrade {
namespace {

constexpr const char* kDependsOnOrder =
    "the result depends on the order in which threads run (look for threads that update the same element "
    "without an atomic, or read what another thread writes with no barrier between; state kept from an earlier "
    "call does this too)";
constexpr const char* kOtherOrder =
    "the simulator's second order: blocks, warps and lanes in reverse, threads switched at every global-memory "
    "access";

CheckOutcome order_race(const CheckOutcome& failure, const std::string& how) {
  return {CaseStatus::kRace, std::string(kDependsOnOrder) + ": " + how + ": " + failure.message, failure.details};
}

}  // namespace

CheckOutcome judge_two_orders(const CheckOutcome& in_order, const CheckOutcome& adversarial, SameOutput same_output) {
  const bool first_passed = in_order.status == CaseStatus::kPassed;
  const bool second_passed = adversarial.status == CaseStatus::kPassed;
  if (first_passed && second_passed) return in_order;
  if (first_passed) {
    return order_race(adversarial, std::string("right in index order, wrong in ") + kOtherOrder);
  }
  if (second_passed) {
    return order_race(in_order, std::string("wrong in index order, right in ") + kOtherOrder);
  }
  // Wrong in both orders: the first mismatch is what to fix first, whatever else the order changes.
  if (same_output == SameOutput::kYes) return in_order;
  CheckOutcome wrong = in_order;
  append_line(wrong.details, std::string("the result also changes with the order in which threads run; in ") +
                                 kOtherOrder + ": " + adversarial.message);
  return wrong;
}

SameOutput compare_outputs(const ReturnedSet& first, const ReturnedSet& second) {
  if (first.data.size() != second.data.size()) return SameOutput::kNo;
  for (size_t buffer = 0; buffer < first.data.size(); ++buffer) {
    if (!first.data[buffer].same_bytes(second.data[buffer])) return SameOutput::kNo;
  }
  return SameOutput::kYes;
}

}  // namespace cudagrade
