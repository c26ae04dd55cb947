// Turns what came back from a runner into a verdict: runner failures, writes outside buffers, changed
// inputs, then the lab's own check of the outputs.
#pragma once

#include <string>

#include "model/lab.h"
#include "model/report.h"
#include "run/arena.h"
#include "run/runner_session.h"

namespace cudagrade {

// The verdict on one set of an arena the runner handled without error.
CheckOutcome judge_set(const Lab& lab, const TestCase& test_case, const Workload& sent, const Arena& arena, size_t set);

// The verdict on one set a speed-of-light reference handled (Lab::speed_of_light_references): it computes no
// answer the lab could check, so only what any honest run leaves holds: guards and inputs intact, and every
// output element written.
CheckOutcome judge_speed_of_light_set(const Workload& sent, const Arena& arena, size_t set);

// The verdict when the runner did not answer "ok". `phase` says when: "while checking", "while timing".
CheckOutcome judge_failed_reply(const RunnerReply& reply, double timeout_s, const std::string& phase);

// A verdict written into a case's result: its status, message and details.
void apply_outcome(const CheckOutcome& outcome, CaseResult& result);

// `line` added to `text` on a line of its own; an empty `line` adds nothing.
void append_line(std::string& text, const std::string& line);

// The last `count` lines of a program's output, for a message.
std::string last_lines(const std::string& output, int count);

}  // namespace cudagrade
