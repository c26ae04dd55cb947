#include "check/efficiency.h"

#include <catch2/catch.hpp>

namespace cudagrade {
namespace {

AccessCount count(MemorySpace space, bool store, uint64_t instructions, uint64_t units, uint64_t ideal) {
  AccessCount c;
  c.space = space;
  c.store = store;
  c.instructions = instructions;
  c.units = units;
  c.ideal_units = ideal;
  return c;
}

// A naive matmul's two loads as the profile counts them (uncoalesced A: 32 sectors a request; B: 4), its
// store (4), and a padded tile's shared reads (1 wavefront a request, ideal 1) beside a conflicted one (16).
const std::vector<AccessCount> kCounts = {
    count(MemorySpace::kGlobal, false, 100, 3200, 400),
    count(MemorySpace::kGlobal, false, 100, 400, 400),
    count(MemorySpace::kGlobal, true, 10, 40, 40),
    count(MemorySpace::kShared, false, 50, 50, 50),
    count(MemorySpace::kShared, true, 50, 800, 50),
};

TEST_CASE("sectors per request: loads, stores and both, from every counted instruction", "[efficiency]") {
  CHECK(efficiency_figure(EfficiencyMetric::kGlobalLoadSectorsPerRequest, kCounts, {}, {}, 1).value == Approx(18.0));
  CHECK(efficiency_figure(EfficiencyMetric::kGlobalStoreSectorsPerRequest, kCounts, {}, {}, 1).value == Approx(4.0));
  CHECK(efficiency_figure(EfficiencyMetric::kGlobalSectorsPerRequest, kCounts, {}, {}, 1).value ==
        Approx(3640.0 / 210.0));
}

// One launch shape as take_launch_costs() counts it: global loads, global stores, shared wavefronts, each with
// the fewest its widths allow.
LaunchShapeCost shape(uint64_t load, uint64_t load_ideal, uint64_t store, uint64_t store_ideal, uint64_t shared,
                      uint64_t shared_ideal) {
  return {1, 64, 256, load, load_ideal, store, store_ideal, 0, shared, shared_ideal, 0};
}

TEST_CASE("sectors over the ideal: 1 when every access is as coalesced as its width allows", "[efficiency]") {
  // kCounts' kernel: 3640 sectors where 840 would do.
  const CountedLaunches naive{true, {shape(3600, 800, 40, 40, 850, 100)}};
  CHECK(efficiency_figure(EfficiencyMetric::kGlobalSectorsOverIdeal, kCounts, naive, {}, 1).value ==
        Approx(3640.0 / 840.0));
  // 16-byte loads: 16 sectors a request is their ideal, so a vectorised kernel is not charged for its width.
  const std::vector<AccessCount> vector_loads = {count(MemorySpace::kGlobal, false, 10, 160, 160)};
  const CountedLaunches vectorised{true, {shape(160, 160, 0, 0, 0, 0)}};
  CHECK(efficiency_figure(EfficiencyMetric::kGlobalSectorsOverIdeal, vector_loads, vectorised, {}, 1).value == 1.0);
  CHECK(efficiency_figure(EfficiencyMetric::kGlobalLoadSectorsPerRequest, vector_loads, {}, {}, 1).value == 16.0);
  const EfficiencyFigure nothing = efficiency_figure(EfficiencyMetric::kGlobalSectorsOverIdeal, {}, {}, {}, 1);
  CHECK_FALSE(nothing.value);
  CHECK(nothing.why == "the kernels made no global loads or stores");
}

TEST_CASE("bank conflict ways: wavefronts over the fewest, 1 where nothing used shared memory", "[efficiency]") {
  const CountedLaunches conflicted{true, {shape(3600, 800, 40, 40, 850, 100)}};
  CHECK(efficiency_figure(EfficiencyMetric::kSharedBankConflictWays, kCounts, conflicted, {}, 1).value ==
        Approx(850.0 / 100.0));
  const CountedLaunches global_only{true, {shape(3600, 800, 40, 40, 0, 0)}};
  CHECK(efficiency_figure(EfficiencyMetric::kSharedBankConflictWays, {kCounts[0]}, global_only, {}, 1).value == 1.0);
}

// Issue #33: a decoy kernel that re-read the input coalesced took a transpose's coalescing case from 0/2 to 2/2,
// for the figure was a ratio over the whole call. It is the worst launch shape's now: ideal accesses of
// another kernel, however many, leave the real kernel's figure as it was.
TEST_CASE("a decoy kernel of ideal accesses does not dilute the ratio figures", "[efficiency]") {
  const LaunchShapeCost real = shape(3600, 800, 40, 40, 850, 100);
  const LaunchShapeCost decoy = shape(100000, 100000, 0, 0, 100000, 100000);
  const CountedLaunches alone{true, {real}}, decoyed{true, {decoy, real}};
  for (EfficiencyMetric metric : {EfficiencyMetric::kGlobalSectorsOverIdeal, EfficiencyMetric::kSharedBankConflictWays}) {
    INFO(to_string(metric));
    CHECK(efficiency_figure(metric, kCounts, decoyed, {}, 1).value == efficiency_figure(metric, kCounts, alone, {}, 1).value);
  }
}

TEST_CASE("traffic ratios are over the lab's fewest bytes", "[efficiency]") {
  // 3640 sectors of 32 bytes against 29120 bytes: 4x.
  CHECK(efficiency_figure(EfficiencyMetric::kGlobalTrafficRatio, kCounts, {}, {}, 29120).value == Approx(4.0));
  CHECK(efficiency_figure(EfficiencyMetric::kDramBytesRatio, kCounts, {}, {3000, 1000}, 2000).value == Approx(2.0));
  // 850 wavefronts of 128 bytes against 27200 bytes: 4x.
  CHECK(efficiency_figure(EfficiencyMetric::kSharedTrafficRatio, kCounts, {}, {}, 27200).value == Approx(4.0));
  const EfficiencyFigure no_minimum = efficiency_figure(EfficiencyMetric::kDramBytesRatio, kCounts, {}, {1, 1}, 0);
  CHECK_FALSE(no_minimum.value);
  CHECK_FALSE(no_minimum.why.empty());
}

TEST_CASE("a figure that divides by nothing counted is no figure, and says why", "[efficiency]") {
  const std::vector<AccessCount> loads_only = {kCounts[0]};
  const EfficiencyFigure stores = efficiency_figure(EfficiencyMetric::kGlobalStoreSectorsPerRequest, loads_only, {}, {}, 1);
  CHECK_FALSE(stores.value);
  CHECK(stores.why == "the kernels made no global stores");
}

TEST_CASE("the DRAM field is read, never trusted", "[efficiency]") {
  const std::optional<DramTraffic> traffic = parse_dram_traffic("4096,1024");
  REQUIRE(traffic);
  CHECK(traffic->read_bytes == 4096);
  CHECK(traffic->write_bytes == 1024);
  for (const char* bad : {"", "4096", "4096;1024", "a,b", "1,2,3", "1,2 ", "-1,2x"}) {
    INFO(bad);
    CHECK_FALSE(parse_dram_traffic(bad));
  }
}

TEST_CASE("the modelled cache is a fraction of the fewest bytes, at least 4 KiB", "[efficiency]") {
  EfficiencyRule rule;
  rule.cache_fraction = 0.25;
  CHECK(modelled_cache_bytes(rule, 786432) == 196608);
  CHECK(modelled_cache_bytes(rule, 1000) == 4096);
}

}  // namespace
}  // namespace cudagrade
