// The efficiency metric modelled_time_ratio (model/efficiency.h): a modelled time of the student's whole call
// on the course's GPU, over the least time the case's work can take there, both at the size the simulator
// counted. Issue #33: efficiency points must follow the GPU, so every kernel of the call costs, every memory
// space costs, and a kernel that leaves the GPU idle costs as much as the GPU it leaves idle.
//
// The simulator counts, per launch shape (cusim/runtime/access_profile.h's take_launch_costs): global sectors
// (and the fewest the accesses' widths need), warp-level load/store instructions, shared-memory wavefronts, and
// the modelled cache's DRAM bytes. Each shape's time is the sum of what each resource needs at the GPU's rate,
// divided by the fraction of the GPU its grid can keep busy, plus a launch overhead per launch. A sum, not the
// roofline's maximum: extra work anywhere only ever adds time, and on the lectures' ladders the sum orders the
// kernels as the GPU's clock does where the maximum does not (docs/BENCHMARKS.md). The case's FLOPs at the
// FP32 peak are added once: the simulator does not count arithmetic, and every correct kernel does the lab's.
//
// The counted size is smaller than the GPU's (160^3 for a 4096^3 matmul). Parallelism and launch overhead are
// scaled to it by the ratio of the two sizes' fewest bytes: a grid that would fill the GPU at the GPU's size,
// scaled down with the problem, fills it at the counted one; a single thread or one block never does.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "model/device_profile.h"
#include "model/lab.h"
#include "model/launch_costs.h"

namespace cudagrade {

struct CountedLaunches {
  bool complete = true;  // false: a block made more accesses than the simulator counts, so the totals fall short
  std::vector<LaunchShapeCost> shapes;
};

// The reply's "kernels" field; nullopt when it is not the runtime's format (it came from the student's process).
std::optional<CountedLaunches> parse_counted_launches(const std::string& field);

// The rates the model charges, from the course GPU's profile (never the probed one, so that a grade does not
// depend on which GPU, or whether one, was there). Per SM and clock: 4 sectors of loads or stores through L1
// (its 128 bytes), one load/store instruction issued, one shared-memory wavefront, 128 FP32 fused
// multiply-adds. A sector an access touches beyond the fewest its bytes need costs more: a scattered load's
// one sector (where L1 misses, each goes to L2 on its own), a scattered store's a quarter (L1 writes through
// to L2, where each is a transaction of its own). The two rates are fitted to the H200's times of the
// uncoalesced and naive transposes (docs/BENCHMARKS.md, "The efficiency model").
struct GpuModel {
  double multiprocessors = 0;
  double clock_hz = 0;
  double dram_bytes_per_s = 0;
  double sectors_per_sm_clock = 4;
  double scattered_load_sectors_per_sm_clock = 1;
  double scattered_store_sectors_per_sm_clock = 0.25;
  double memory_instructions_per_sm_clock = 1;
  double shared_wavefronts_per_sm_clock = 1;
  double flops_per_sm_clock = 256;
  // Warps an SM needs resident to hide memory latency: a quarter of Hopper's 64.
  double warps_to_fill_sm = 16;
  double launch_overhead_s = 2e-6;

  static GpuModel of(const DeviceProfile& profile);
};

// The two times, in seconds at the counted size; their ratio is the metric's figure.
struct ModelledTime {
  double call_s = 0;   // the whole call, as modelled
  double least_s = 0;  // the case's fewest bytes at DRAM bandwidth, or its FLOPs at the FP32 peak, the larger
};

// `counted_work` is the lab's work at the counted size, `gpu_work` at the case's own (GPU) size.
// `total_dram_bytes` is the reply's dram field (its part after the last launch, the final write-back, is
// charged at the whole GPU's bandwidth).
ModelledTime modelled_time(const CountedLaunches& launches, uint64_t total_dram_bytes, const WorkCount& counted_work,
                           const WorkCount& gpu_work, const GpuModel& gpu);

// The fraction of the GPU a shape keeps busy at the counted size (0 to 1], for the report and its tests.
double busy_fraction(const LaunchShapeCost& shape, double size_scale, const GpuModel& gpu);

}  // namespace cudagrade
