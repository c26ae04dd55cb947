// An efficiency rule's figure (model/efficiency.h) from what the simulator counted in one case: its memory
// accesses' sectors and wavefronts (check/access_profile.h's counts, every block) and the DRAM traffic of its
// modelled cache (cusim/runtime/sector_cache.h).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "check/access_profile.h"
#include "check/modelled_time.h"
#include "model/efficiency.h"

namespace cudagrade {

// The reply's "dram" field: bytes the modelled cache read from and wrote back to DRAM.
struct DramTraffic {
  uint64_t read_bytes = 0;
  uint64_t write_bytes = 0;
};

// nullopt when the field is not the runtime's "<read>,<written>" (it came from the submission's process).
std::optional<DramTraffic> parse_dram_traffic(const std::string& field);

// The figure, or nullopt with `why` when nothing it divides by was counted (a kernel that made no global
// load has no sectors per load). A kernel with no shared accesses has no bank conflicts: 1.
// global_sectors_over_ideal and shared_bank_conflict_ways are the worst launch shape's (`launches`): a ratio
// over the whole call would let a decoy kernel of ideal accesses dilute the real kernel's (issue #33).
struct EfficiencyFigure {
  std::optional<double> value;
  std::string why;
};
EfficiencyFigure efficiency_figure(EfficiencyMetric metric, const std::vector<AccessCount>& counts,
                                   const CountedLaunches& launches, const DramTraffic& traffic, double minimum_bytes);

// The modelled cache for a case that must move `minimum_bytes`: rule.cache_fraction of them, at least 4 KiB
// (a cache smaller than one block's tile would charge even a tiled kernel for every reuse).
uint64_t modelled_cache_bytes(const EfficiencyRule& rule, double minimum_bytes);

}  // namespace cudagrade
