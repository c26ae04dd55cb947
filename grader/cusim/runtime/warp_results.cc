#include "cusim/runtime/warp_results.h"

namespace cusim {
namespace {

bool takes_part(unsigned arrived, int lane) { return lane >= 0 && lane < 32 && (arrived >> lane & 1u); }

// The lane a shuffle reads; a source outside the reader's segment leaves the reader its own value (defined).
int shuffle_source(WarpOp op, int lane, int argument, int width) {
  const int segment = lane / width * width;
  switch (op) {
    case WarpOp::kShuffle: return segment + ((argument % width) + width) % width;
    case WarpOp::kShuffleUp: return lane - argument >= segment ? lane - argument : lane;
    case WarpOp::kShuffleDown: return lane + argument < segment + width ? lane + argument : lane;
    case WarpOp::kShuffleXor: return (lane ^ argument) < segment + width ? lane ^ argument : lane;
    default: return lane;
  }
}

bool is_shuffle(WarpOp op) {
  return op == WarpOp::kShuffle || op == WarpOp::kShuffleUp || op == WarpOp::kShuffleDown || op == WarpOp::kShuffleXor;
}

// The sm_80 reductions work on 32-bit words; `is_signed` (the call's argument) orders min and max.
uint64_t reduce(WarpOp op, unsigned arrived, const uint64_t values[32], bool is_signed) {
  uint32_t total = 0;
  bool first = true;
  for (int lane = 0; lane < 32; ++lane) {
    if (!takes_part(arrived, lane)) continue;
    const uint32_t word = static_cast<uint32_t>(values[lane]);
    const bool less = is_signed ? static_cast<int32_t>(word) < static_cast<int32_t>(total) : word < total;
    if (first) {
      total = word;
      first = false;
      continue;
    }
    switch (op) {
      case WarpOp::kReduceAdd: total += word; break;
      case WarpOp::kReduceMin: total = less ? word : total; break;
      case WarpOp::kReduceMax: total = less ? total : word; break;
      case WarpOp::kReduceAnd: total &= word; break;
      case WarpOp::kReduceOr: total |= word; break;
      case WarpOp::kReduceXor: total ^= word; break;
      default: break;
    }
  }
  return total;
}

}  // namespace

const char* warp_op_name(WarpOp op) {
  switch (op) {
    case WarpOp::kShuffle: return "__shfl_sync";
    case WarpOp::kShuffleUp: return "__shfl_up_sync";
    case WarpOp::kShuffleDown: return "__shfl_down_sync";
    case WarpOp::kShuffleXor: return "__shfl_xor_sync";
    case WarpOp::kBallot: return "__ballot_sync";
    case WarpOp::kAny: return "__any_sync";
    case WarpOp::kAll: return "__all_sync";
    case WarpOp::kSyncWarp: return "__syncwarp";
    case WarpOp::kMatchAny: return "__match_any_sync";
    case WarpOp::kMatchAll: return "__match_all_sync";
    case WarpOp::kReduceAdd: return "__reduce_add_sync";
    case WarpOp::kReduceMin: return "__reduce_min_sync";
    case WarpOp::kReduceMax: return "__reduce_max_sync";
    case WarpOp::kReduceAnd: return "__reduce_and_sync";
    case WarpOp::kReduceOr: return "__reduce_or_sync";
    case WarpOp::kReduceXor: return "__reduce_xor_sync";
  }
  return "a warp operation";
}

WarpResults compute_warp_results(WarpOp op, unsigned arrived, int width, const uint64_t values[32],
                                 const int arguments[32], uint64_t results[32]) {
  WarpResults outcome;
  unsigned ballot = 0;
  for (int lane = 0; lane < 32; ++lane) {
    if (takes_part(arrived, lane) && values[lane] != 0) ballot |= 1u << lane;
  }
  const bool reduction = op == WarpOp::kReduceAdd || op == WarpOp::kReduceMin || op == WarpOp::kReduceMax ||
                         op == WarpOp::kReduceAnd || op == WarpOp::kReduceOr || op == WarpOp::kReduceXor;
  const uint64_t reduced = reduction ? reduce(op, arrived, values, arguments[__builtin_ctz(arrived)] != 0) : 0;
  for (int lane = 0; lane < 32; ++lane) {
    if (!takes_part(arrived, lane)) continue;
    if (reduction) {
      results[lane] = reduced;
      continue;
    }
    unsigned same = 0;
    switch (op) {
      case WarpOp::kBallot: results[lane] = ballot; continue;
      case WarpOp::kAny: results[lane] = ballot != 0; continue;
      case WarpOp::kAll: results[lane] = (ballot & arrived) == arrived; continue;
      case WarpOp::kSyncWarp: results[lane] = 0; continue;
      case WarpOp::kMatchAny:
      case WarpOp::kMatchAll:
        for (int other = 0; other < 32; ++other) {
          if (takes_part(arrived, other) && values[other] == values[lane]) same |= 1u << other;
        }
        results[lane] = op == WarpOp::kMatchAny ? same : (same == arrived ? arrived : 0u);
        continue;
      default: break;
    }
    if (!is_shuffle(op)) continue;
    const int source = shuffle_source(op, lane, arguments[lane], width);
    if (!takes_part(arrived, source)) {
      if (outcome.outcome == WarpResults::Outcome::kDefined) outcome = {WarpResults::Outcome::kSourceNotTakingPart, lane, source};
      results[lane] = kUndefinedLaneValue;
      continue;
    }
    results[lane] = values[source];
  }
  return outcome;
}

}  // namespace cusim
