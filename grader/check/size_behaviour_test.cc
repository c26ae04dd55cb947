#include "check/size_behaviour.h"

#include <catch2/catch.hpp>

#include "model/launch_account.h"
#include "model/launch_costs.h"

namespace cudagrade {
namespace {

// A one-kernel call's reply fields as both are written: the account (model/launch_account.h) and one launch
// shape's record (model/launch_costs.h), complete.
CountedCall call(const std::string& kernel, uint64_t sectors, uint64_t ideal_sectors, uint64_t wavefronts) {
  LaunchAccount account;
  account.note(kernel, 16, 16, 1, 16, 16, 1, 0);
  LaunchShapeCost shape;
  shape.launches = 1;
  shape.blocks = 256;
  shape.threads_per_block = 256;
  shape.global_load_sectors = sectors;
  shape.global_load_ideal_sectors = ideal_sectors;
  shape.global_instructions = sectors / 4;
  shape.shared_wavefronts = wavefronts;
  shape.shared_ideal_wavefronts = wavefronts;
  return {account.text(), "1:" + launch_cost_text(shape)};
}

TEST_CASE("the same kernel at two sizes, coalescing alike, is the same code", "[size_behaviour]") {
  // A tiled matmul at 64^3 and at 48x40x56: every count smaller, the ratios alike.
  CHECK(code_difference(call("tiled", 4096, 4096, 8192), call("tiled", 2300, 2240, 4500)).empty());
  // A naive one: no shared memory at either size, B's row a broadcast (half the fewest sectors) at both.
  CHECK(code_difference(call("naive", 2048, 4096, 0), call("naive", 1150, 2048, 0)).empty());
}

TEST_CASE("another kernel, shared memory at one size only, or other coalescing is other code",
          "[size_behaviour]") {
  CHECK(code_difference(call("tiled", 4096, 4096, 8192), call("naive", 1150, 2048, 0)) ==
        "it launched {naive} there and {tiled} at the listed size");
  // Both paths in one kernel: its name is the same at both sizes, its accesses are not.
  CHECK(code_difference(call("matmul", 4096, 4096, 8192), call("matmul", 1150, 2048, 0)) ==
        "it used no shared memory there and used shared memory at the listed size");
  CHECK(code_difference(call("transpose", 4096, 4096, 0), call("transpose", 18000, 2048, 0)) ==
        "its global accesses touched 8.79 times the fewest sectors there and 1.00 at the listed size");
  CHECK(code_difference(call("transpose", 4096, 4096, 0), call("transpose", 2800, 2048, 0)).empty());  // 1.37x
}

TEST_CASE("a field the runtime did not write is no evidence either way", "[size_behaviour]") {
  const CountedCall tiled = call("tiled", 4096, 4096, 8192);
  CHECK(code_difference(tiled, {"garbage", "garbage"}).empty());
  CHECK(code_difference({"", tiled.kernels}, {"", call("tiled", 2300, 2240, 0).kernels}) ==
        "it used no shared memory there and used shared memory at the listed size");
}

}  // namespace
}  // namespace cudagrade
