// What each lane of a completed warp meeting receives, by CUDA's rules: shuffles within segments of `width`
// lanes, the votes, __match_any_sync and __match_all_sync, and sm_80's __reduce_*_sync. Pure, so that the rules
// are tested without fibers; the scheduler (scheduler.cc) gathers the lanes and words the verdicts.
#pragma once

#include <cstdint>

#include "cusim/include/cusim_warp_op.h"

namespace cusim {

struct WarpResults {
  enum class Outcome {
    kDefined,
    // A shuffle read a lane of its segment that did not take part (not in the mask, or exited): the CUDA
    // Programming Guide leaves the value undefined, and a GPU returns whatever that lane's register holds.
    // Valid CUDA may do it and discard the value, so the reader gets kUndefinedLaneValue, not an error.
    kSourceNotTakingPart,
  } outcome = Outcome::kDefined;
  int reader = -1;  // kSourceNotTakingPart: the first lane that read such a lane, and that lane
  int source = -1;
};

// What a lane gets from a lane that did not take part: zero, as an H200 gives it, whether the source lane is
// outside the mask, inactive or exited (docs/runs/2026-11-27-field/probe_inactive_lanes.cu), so that the
// simulator and the GPU agree on a file that reads such a lane.
inline constexpr uint64_t kUndefinedLaneValue = 0;

const char* warp_op_name(WarpOp op);

// `arrived`: the lanes taking part. values and arguments are per lane; results are written for arrived lanes.
WarpResults compute_warp_results(WarpOp op, unsigned arrived, int width, const uint64_t values[32],
                                 const int arguments[32], uint64_t results[32]);

}  // namespace cusim
