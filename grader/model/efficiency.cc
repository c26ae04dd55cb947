#include "model/efficiency.h"

#include "model/enum_names.h"

namespace cudagrade {
namespace {

constexpr NameTable<EfficiencyMetric, 9> kMetricNames = {{
    {EfficiencyMetric::kGlobalLoadSectorsPerRequest, "global_load_sectors_per_request"},
    {EfficiencyMetric::kGlobalStoreSectorsPerRequest, "global_store_sectors_per_request"},
    {EfficiencyMetric::kGlobalSectorsPerRequest, "global_sectors_per_request"},
    {EfficiencyMetric::kGlobalSectorsOverIdeal, "global_sectors_over_ideal"},
    {EfficiencyMetric::kSharedBankConflictWays, "shared_bank_conflict_ways"},
    {EfficiencyMetric::kSharedTrafficRatio, "shared_traffic_ratio"},
    {EfficiencyMetric::kGlobalTrafficRatio, "global_traffic_ratio"},
    {EfficiencyMetric::kDramBytesRatio, "dram_bytes_ratio"},
    {EfficiencyMetric::kModelledTimeRatio, "modelled_time_ratio"},
}};

}  // namespace

std::string_view to_string(EfficiencyMetric metric) {
  return name_in(kMetricNames, metric);
}

std::optional<EfficiencyMetric> efficiency_metric_from_string(std::string_view text) {
  return value_named(kMetricNames, text);
}

std::string efficiency_metric_names() {
  std::string names;
  for (const auto& [metric, name] : kMetricNames) names += (names.empty() ? "" : ", ") + std::string(name);
  return names;
}

std::string_view unit_of(EfficiencyMetric metric) {
  switch (metric) {
    case EfficiencyMetric::kGlobalLoadSectorsPerRequest:
    case EfficiencyMetric::kGlobalStoreSectorsPerRequest:
    case EfficiencyMetric::kGlobalSectorsPerRequest: return " sectors/request";
    case EfficiencyMetric::kGlobalSectorsOverIdeal: return "x the ideal sectors";
    case EfficiencyMetric::kSharedBankConflictWays: return "-way bank conflicts";
    case EfficiencyMetric::kSharedTrafficRatio:
    case EfficiencyMetric::kGlobalTrafficRatio:
    case EfficiencyMetric::kDramBytesRatio: return "x the fewest bytes";
    case EfficiencyMetric::kModelledTimeRatio: return "x the least time";
  }
  return "";
}

}  // namespace cudagrade
