#include "check/efficiency.h"

#include <algorithm>
#include <cmath>
#include <sstream>

namespace cudagrade {
namespace {

struct Sums {
  uint64_t instructions = 0;
  uint64_t units = 0;
  uint64_t ideal = 0;
};

template <typename Keep>
Sums sum_where(const std::vector<AccessCount>& counts, Keep keep) {
  Sums sums;
  for (const AccessCount& count : counts) {
    if (!keep(count)) continue;
    sums.instructions += count.instructions;
    sums.units += count.units;
    sums.ideal += count.ideal_units;
  }
  return sums;
}

EfficiencyFigure per_request(const Sums& sums, const char* what) {
  if (sums.instructions == 0) return {std::nullopt, std::string("the kernels made no ") + what};
  return {double(sums.units) / double(sums.instructions), ""};
}

// The highest `units / ideal` of any launch shape that made such accesses; nullopt when none did.
template <typename Units, typename Ideal>
std::optional<double> worst_shape(const CountedLaunches& launches, Units units, Ideal ideal) {
  std::optional<double> worst;
  for (const LaunchShapeCost& shape : launches.shapes) {
    if (ideal(shape) == 0) continue;
    const double ratio = double(units(shape)) / double(ideal(shape));
    worst = std::max(worst.value_or(ratio), ratio);
  }
  return worst;
}

EfficiencyFigure over_minimum(double bytes, double minimum_bytes) {
  if (minimum_bytes <= 0) return {std::nullopt, "the lab names no fewest bytes for this size"};
  return {bytes / minimum_bytes, ""};
}

}  // namespace

std::optional<DramTraffic> parse_dram_traffic(const std::string& field) {
  std::istringstream text(field);
  DramTraffic traffic;
  char comma = 0;
  if (!(text >> traffic.read_bytes >> comma >> traffic.write_bytes) || comma != ',' || !text.eof()) {
    return std::nullopt;
  }
  return traffic;
}

EfficiencyFigure efficiency_figure(EfficiencyMetric metric, const std::vector<AccessCount>& counts,
                                   const CountedLaunches& launches, const DramTraffic& traffic, double minimum_bytes) {
  auto global = [](const AccessCount& count) { return count.space == MemorySpace::kGlobal; };
  switch (metric) {
    case EfficiencyMetric::kGlobalLoadSectorsPerRequest:
      return per_request(sum_where(counts, [&](const AccessCount& c) { return global(c) && !c.store; }),
                         "global loads");
    case EfficiencyMetric::kGlobalStoreSectorsPerRequest:
      return per_request(sum_where(counts, [&](const AccessCount& c) { return global(c) && c.store; }),
                         "global stores");
    case EfficiencyMetric::kGlobalSectorsPerRequest:
      return per_request(sum_where(counts, global), "global loads or stores");
    case EfficiencyMetric::kGlobalSectorsOverIdeal: {
      const std::optional<double> worst = worst_shape(
          launches, [](const LaunchShapeCost& s) { return s.global_load_sectors + s.global_store_sectors; },
          [](const LaunchShapeCost& s) { return s.global_load_ideal_sectors + s.global_store_ideal_sectors; });
      if (!worst) return {std::nullopt, "the kernels made no global loads or stores"};
      return {*worst, ""};
    }
    case EfficiencyMetric::kSharedBankConflictWays:
      return {worst_shape(
                  launches, [](const LaunchShapeCost& s) { return s.shared_wavefronts; },
                  [](const LaunchShapeCost& s) { return s.shared_ideal_wavefronts; })
                  .value_or(1.0),
              ""};
    case EfficiencyMetric::kSharedTrafficRatio: {
      const Sums shared = sum_where(counts, [](const AccessCount& c) { return c.space == MemorySpace::kShared; });
      return over_minimum(128.0 * double(shared.units), minimum_bytes);
    }
    case EfficiencyMetric::kGlobalTrafficRatio:
      return over_minimum(32.0 * double(sum_where(counts, global).units), minimum_bytes);
    case EfficiencyMetric::kDramBytesRatio:
      return over_minimum(double(traffic.read_bytes + traffic.write_bytes), minimum_bytes);
    case EfficiencyMetric::kModelledTimeRatio:
      return {std::nullopt, "the modelled time is figured from the launches (check/modelled_time.h)"};
  }
  return {std::nullopt, "unknown metric"};
}

uint64_t modelled_cache_bytes(const EfficiencyRule& rule, double minimum_bytes) {
  constexpr double kLeast = 4096;
  return static_cast<uint64_t>(std::max(kLeast, std::floor(rule.cache_fraction * std::max(minimum_bytes, 0.0))));
}

}  // namespace cudagrade
