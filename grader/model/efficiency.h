// Efficiency rules: points from what the simulator counts of a kernel's memory accesses, graded the same
// with or without a GPU (issue #15). A case of kind `efficiency` earns its points by one; a speed rule may
// carry one that grades its speed points where no GPU timed the case (speed_without_gpu: efficiency).
// cusim/runtime/access_profile.h and sector_cache.h count; check/efficiency.h turns counts into a figure.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace cudagrade {

// Every figure is "lower is better", with 1 (or the access width's ideal) the best a kernel can do.
enum class EfficiencyMetric {
  kGlobalLoadSectorsPerRequest,   // 32-byte sectors a warp's global load touches (4 for 32 coalesced floats)
  kGlobalStoreSectorsPerRequest,  // the same for stores
  kGlobalSectorsPerRequest,       // loads and stores together
  kGlobalSectorsOverIdeal,        // sectors touched / the fewest for the access width (1 coalesced, 8 strided floats)
  kSharedBankConflictWays,        // shared-memory wavefronts over the fewest possible: the n of n-way conflicts
  kSharedTrafficRatio,            // shared-memory wavefronts x 128 bytes / the lab's fewest bytes
  kGlobalTrafficRatio,            // bytes of every sector global accesses touch / the lab's fewest bytes
  kDramBytesRatio,                // modelled DRAM bytes (an LRU of sectors, see sector_cache.h) / the fewest bytes
  // The whole call's modelled time on the course GPU / the least time the case's work needs there
  // (check/modelled_time.h). A performance case's speed rule only: it models the case at its GPU size.
  kModelledTimeRatio,
};

struct EfficiencyRule {
  EfficiencyMetric metric = EfficiencyMetric::kGlobalSectorsPerRequest;
  double full = 0;   // full points at or under this figure
  double zero = 0;   // none at or over it; linear in between
  double step = 0.25;  // points rounded down to a multiple of this, as speed points are (0 keeps them exact)
  // dram_bytes_ratio and modelled_time_ratio only: the modelled cache holds this fraction of the fewest bytes
  // the counted case must move, so that its working set overflows it as a graded GPU size overflows the GPU's L2 (an H100's 50 MB
  // against a 4096^2 matmul's 192 MB is 0.26); a fixed 50 MB would hold every size the simulator runs.
  double cache_fraction = 0.25;
};

// What an efficiency rule gave one case: the figure, the thresholds, and what counted it.
struct EfficiencyResult {
  EfficiencyMetric metric = EfficiencyMetric::kGlobalSectorsPerRequest;
  std::optional<double> value;  // nullopt when nothing was counted (note says why)
  double full = 0;
  double zero = 0;
  double points = 0;
  double max_points = 0;
  std::string counted_by;       // "simulator", "simulator, beside the GPU grade"
  std::vector<int64_t> size;    // the size the simulator counted at
  // Where it counted again, at a size drawn for this grade (Lab::recount_size), and the figure there; empty and
  // nullopt where the lab names no recount or the first count gave no figure.
  std::vector<int64_t> recount_size;
  std::optional<double> recount_value;
  bool grades_speed = false;    // the speed points of a case no GPU timed (speed_without_gpu: efficiency)
  std::string note;             // why no points, when there are none
};

std::string_view to_string(EfficiencyMetric metric);
std::optional<EfficiencyMetric> efficiency_metric_from_string(std::string_view text);
// "global_load_sectors_per_request, ..., dram_bytes_ratio", for messages.
std::string efficiency_metric_names();
// " sectors/request", "x the fewest bytes", "-way bank conflicts": what follows a figure of this metric.
std::string_view unit_of(EfficiencyMetric metric);

}  // namespace cudagrade
