// The simulator runs a correctness case twice: in index order, deterministic, and under an adversarial
// schedule (cusim/runtime/scheduler.h). A kernel whose result depends on the order in which threads or blocks
// run comes out right in one and wrong in the other; on a GPU it would pass or fail by luck, so the case is a
// `race`. Wrong in both, it keeps the first order's verdict: its first mismatch is what to fix first (a
// missing bounds check is wrong in every order, and differently), and the details say the order mattered.
#pragma once

#include "model/lab.h"

namespace cudagrade {

enum class SameOutput { kYes, kNo };

// `in_order` and `adversarial` are the two sets' verdicts (check/case_judge.h's judge_set); `same_output` says
// whether the two runs left identical bytes in every output.
CheckOutcome judge_two_orders(const CheckOutcome& in_order, const CheckOutcome& adversarial, SameOutput same_output);

// Whether two returned sets hold the same bytes in every buffer.
SameOutput compare_outputs(const ReturnedSet& first, const ReturnedSet& second);

}  // namespace cudagrade
