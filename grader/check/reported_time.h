// Whether a runner's reported kernel time is possible against the grader's own wall clock around the same
// request. A runner is the student's process: code in it can rewrite the reply's numbers (the nonce is no
// secret there), so the median that decides speed points is held against what the grader measured itself.
//
// The harness's timing request (harness/timing_loop.cuh's handle_time) makes, in order: a fixed start (the
// arena uploaded, buffers allocated), two warm-up rounds, each a call per input set, and `samples` timed
// calls, each preceded by untimed work of its own (reloading and mixing the sample's inputs, flushing L2) and
// some followed by a copy kept for judging; at the end the kept samples are downloaded. The events around each timed
// call are disjoint and all lie inside the request, so:
//
//  1. Upper bound (always holds for an honest runner): the samples add up to no more than the request took.
//     At least ceil(n/2) samples are >= the median and every sample is >= the minimum, so
//     ceil(n/2) * median + floor(n/2) * min <= wall (with a tolerance for the two clocks).
//  2. Lower bound (needs the reference timed on the same request shape): the wall time the student's request
//     took beyond what the harness's own work costs is kernel time, spread over n + 2 * sets calls. The
//     harness's work is estimated from the reference's request: its wall time less (its calls times its
//     median), scaled up when the student took more samples, plus an allowance for the student's own fixed
//     costs (module loading, a first call's allocations), for the grader's scheduling, and for the harness's
//     own work taking longer in the student's request than in the reference's. The reported median may not be
//     more than kMedianToMeanSlack times below the mean per call this leaves.
//
// How it can be wrong, and why it is set where it is: (2) assumes the student's harness work per sample is no
// more than the reference's (the same arena, the same copies and flush: true by construction), that its fixed
// costs beyond the reference's are under kFixedCostAllowanceMs, and that its median is no more than
// kMedianToMeanSlack times below the mean of its calls. The harness's work is the same but not equally fast:
// uploading a reduction's two 1 GiB sets from the mapped arena can take half as long again in a request made
// while the simulator's race check runs beside it (docs/runs/2026-11-27-field: an honest reduction was
// refused so), hence kHarnessVariance. A fair file fails it only with a first call that costs more than the
// allowance *and* kernels far shorter than that cost, or with calls so uneven that their mean is over four
// times their median. It misses a forgery that claims less than that factor, and a runner that skips
// the harness's work and so shortens the wall time it is held to (it must still return right answers, which
// the grader checks from the arena after timing).
#pragma once

#include <optional>
#include <string>

#include "model/timing.h"

namespace cudagrade {

// Calls of the student's entry per input set outside the timed samples: two warm-up rounds.
inline constexpr int kUntimedCallsPerSet = 2;
inline constexpr double kFixedCostAllowanceMs = 100;
inline constexpr double kSchedulingAllowance = 0.10;  // of the student's wall time
inline constexpr double kHarnessVariance = 0.5;       // of the harness's work in the reference's request
inline constexpr double kMedianToMeanSlack = 4;

struct ReportedTimeVerdict {
  enum class Outcome {
    kPlausible,
    kLongerThanTheRequest,  // the samples add up to more than the whole request took
    kFasterThanTheClock,    // the median is far below what the wall clock says each call took
  } outcome = Outcome::kPlausible;
  std::string message;  // for the student, with the numbers
};

// `student` and `reference` carry the grader's wall_ms; `sets` is the number of input sets rotated. Without a
// reference (or without a wall time) only the upper bound is judged.
ReportedTimeVerdict judge_reported_time(const Timing& student, int sets, const std::optional<Timing>& reference);

}  // namespace cudagrade
