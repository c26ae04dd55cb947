// One record of the simulator's counts per kernel and launch shape, as the runtime writes it into a reply
// (cusim/runtime/access_profile.h's take_launch_costs) and the grader reads it for the modelled time
// (check/modelled_time.h): the field order is kept here once, for both.
//
// Header-only, for the simulator's runtime (C++17) and the grader alike.
#pragma once

#include <cctype>
#include <cstdint>
#include <optional>
#include <sstream>
#include <string>

namespace cudagrade {

// One launch shape's counts (a grid of `blocks` blocks of `threads_per_block` threads), summed over its launches.
struct LaunchShapeCost {
  uint64_t launches = 0;
  uint64_t blocks = 0;
  uint64_t threads_per_block = 0;
  uint64_t global_load_sectors = 0;
  uint64_t global_load_ideal_sectors = 0;  // the fewest sectors the loads' bytes could have touched
  uint64_t global_store_sectors = 0;
  uint64_t global_store_ideal_sectors = 0;  // the fewest sectors the stores' bytes could have touched
  uint64_t global_instructions = 0;
  uint64_t shared_wavefronts = 0;
  uint64_t shared_ideal_wavefronts = 0;  // the fewest the shared accesses' widths allow
  uint64_t dram_bytes = 0;
};

// The most accesses the simulator counts in one block; past them a record's counts fall short, and the
// reply says the counts are incomplete.
inline constexpr uint64_t kMostCountedAccessesPerBlock = uint64_t{1} << 22;

// The record's fields, in the order they are written.
inline constexpr uint64_t LaunchShapeCost::*kLaunchCostFields[] = {
    &LaunchShapeCost::launches,
    &LaunchShapeCost::blocks,
    &LaunchShapeCost::threads_per_block,
    &LaunchShapeCost::global_load_sectors,
    &LaunchShapeCost::global_load_ideal_sectors,
    &LaunchShapeCost::global_store_sectors,
    &LaunchShapeCost::global_store_ideal_sectors,
    &LaunchShapeCost::global_instructions,
    &LaunchShapeCost::shared_wavefronts,
    &LaunchShapeCost::shared_ideal_wavefronts,
    &LaunchShapeCost::dram_bytes,
};

// "<launches>,<blocks>,...,<dram_bytes>".
inline std::string launch_cost_text(const LaunchShapeCost& cost) {
  std::string text;
  for (auto field : kLaunchCostFields) {
    if (!text.empty()) text += ',';
    text += std::to_string(cost.*field);
  }
  return text;
}

// The record launch_cost_text wrote, or nothing when `text` is not one (a forged field, a field missing, or a
// launch of no blocks or threads).
inline std::optional<LaunchShapeCost> parse_launch_cost(const std::string& text) {
  std::istringstream in(text);
  LaunchShapeCost cost;
  bool first = true;
  for (auto field : kLaunchCostFields) {
    if (!first && in.get() != ',') return std::nullopt;
    first = false;
    if (!std::isdigit(in.peek()) || !(in >> cost.*field)) return std::nullopt;
  }
  if (in.peek() != std::char_traits<char>::eof()) return std::nullopt;
  if (cost.launches == 0 || cost.blocks == 0 || cost.threads_per_block == 0) return std::nullopt;
  return cost;
}

}  // namespace cudagrade
