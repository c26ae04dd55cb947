// cusim: the warp operations the runtime's warp meetings carry. Part of cusim.h; a header of its own so that the
// runtime's pure rules (runtime/warp_results.h) are tested without the CUDA dialect cusim.h defines.
#pragma once

namespace cusim {

enum class WarpOp {
  kShuffle,
  kShuffleUp,
  kShuffleDown,
  kShuffleXor,
  kBallot,
  kAny,
  kAll,
  kSyncWarp,
  kMatchAny,
  kMatchAll,
  kReduceAdd,  // sm_80's __reduce_*_sync: 32-bit words, min and max signed when the argument is 1
  kReduceMin,
  kReduceMax,
  kReduceAnd,
  kReduceOr,
  kReduceXor,
};

}  // namespace cusim
