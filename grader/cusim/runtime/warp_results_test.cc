// The warp rules alone, without fibers: what each lane of a completed meeting receives.
#include "cusim/runtime/warp_results.h"

#include <catch2/catch.hpp>

namespace cusim {
namespace {

struct Meeting {
  uint64_t values[32] = {};
  int arguments[32] = {};
  uint64_t results[32] = {};
  WarpResults run(WarpOp op, unsigned arrived, int width = 32) {
    return compute_warp_results(op, arrived, width, values, arguments, results);
  }
};

TEST_CASE("a shuffle past its segment keeps the reader's value; a source not taking part is undefined",
          "[warp_results]") {
  Meeting meeting;
  for (int lane = 0; lane < 32; ++lane) {
    meeting.values[lane] = 100 + lane;
    meeting.arguments[lane] = 16;
  }
  CHECK(meeting.run(WarpOp::kShuffleDown, 0xffffffffu).outcome == WarpResults::Outcome::kDefined);
  CHECK(meeting.results[0] == 116);
  CHECK(meeting.results[20] == 120);  // 20 + 16 is past the warp: its own value, as CUDA defines

  const WarpResults partial = meeting.run(WarpOp::kShuffleDown, 0x000000ffu);
  CHECK(partial.outcome == WarpResults::Outcome::kSourceNotTakingPart);
  CHECK(partial.reader == 0);
  CHECK(partial.source == 16);
  CHECK(meeting.results[0] == kUndefinedLaneValue);

  for (int lane = 0; lane < 32; ++lane) meeting.arguments[lane] = 4;
  CHECK(meeting.run(WarpOp::kShuffleDown, 0x000000ffu, 8).outcome == WarpResults::Outcome::kDefined);
  CHECK(meeting.results[3] == 107);
  CHECK(meeting.results[5] == 105);  // 5 + 4 leaves the 8-lane segment
}

TEST_CASE("sm_80 reductions: signed and unsigned min and max, add wrapping at 32 bits", "[warp_results]") {
  Meeting meeting;
  for (int lane = 0; lane < 4; ++lane) meeting.values[lane] = static_cast<uint32_t>(lane - 1);  // -1, 0, 1, 2
  meeting.arguments[0] = 1;
  meeting.run(WarpOp::kReduceMin, 0xfu);
  CHECK(static_cast<int32_t>(meeting.results[2]) == -1);
  meeting.run(WarpOp::kReduceAdd, 0xfu);
  CHECK(static_cast<int32_t>(meeting.results[3]) == 2);
  meeting.arguments[0] = 0;
  meeting.run(WarpOp::kReduceMax, 0xfu);
  CHECK(meeting.results[1] == 0xffffffffu);
  meeting.run(WarpOp::kReduceOr, 0xfu);
  CHECK(meeting.results[0] == 0xffffffffu);
}

TEST_CASE("matches name the lanes holding the same value", "[warp_results]") {
  Meeting meeting;
  for (int lane = 0; lane < 32; ++lane) meeting.values[lane] = lane % 2;
  meeting.run(WarpOp::kMatchAny, 0xffffffffu);
  CHECK(meeting.results[0] == 0x55555555u);
  CHECK(meeting.results[1] == 0xaaaaaaaau);
  meeting.run(WarpOp::kMatchAll, 0x55555555u);
  CHECK(meeting.results[2] == 0x55555555u);
  meeting.run(WarpOp::kMatchAll, 0x3u);
  CHECK(meeting.results[0] == 0u);
}

}  // namespace
}  // namespace cusim
