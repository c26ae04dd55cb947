#include "check/modelled_time.h"

#include <algorithm>
#include <cctype>
#include <iterator>
#include <sstream>

namespace cudagrade {
namespace {

// Sectors touched beyond the fewest; none where the access did better than its width (a broadcast).
uint64_t beyond(uint64_t sectors, uint64_t fewest) { return sectors - std::min(sectors, fewest); }

// The time one shape's counted work needs with the whole GPU at its service.
double whole_gpu_seconds(const LaunchShapeCost& shape, const GpuModel& gpu) {
  const double sm_clocks = gpu.multiprocessors * gpu.clock_hz;
  const uint64_t scattered_loads = beyond(shape.global_load_sectors, shape.global_load_ideal_sectors);
  const uint64_t scattered_stores = beyond(shape.global_store_sectors, shape.global_store_ideal_sectors);
  return double(shape.dram_bytes) / gpu.dram_bytes_per_s +
         double(shape.global_load_sectors + shape.global_store_sectors) / (gpu.sectors_per_sm_clock * sm_clocks) +
         double(scattered_loads) / (gpu.scattered_load_sectors_per_sm_clock * sm_clocks) +
         double(scattered_stores) / (gpu.scattered_store_sectors_per_sm_clock * sm_clocks) +
         double(shape.global_instructions) / (gpu.memory_instructions_per_sm_clock * sm_clocks) +
         double(shape.shared_wavefronts) / (gpu.shared_wavefronts_per_sm_clock * sm_clocks);
}

}  // namespace

std::optional<CountedLaunches> parse_counted_launches(const std::string& field) {
  CountedLaunches launches;
  if (field.size() < 2 || field[1] != ':' || (field[0] != '0' && field[0] != '1')) return std::nullopt;
  launches.complete = field[0] == '1';
  const std::string records = field.substr(2);
  if (records.empty()) return launches;
  std::istringstream list(records);
  std::string record;
  while (std::getline(list, record, ';')) {
    std::optional<LaunchShapeCost> shape = parse_launch_cost(record);
    if (!shape) return std::nullopt;
    launches.shapes.push_back(*shape);
  }
  if (records.back() == ';') return std::nullopt;
  return launches;
}

GpuModel GpuModel::of(const DeviceProfile& profile) {
  GpuModel gpu;
  gpu.multiprocessors = profile.multiprocessors;
  gpu.clock_hz = profile.clock_khz * 1e3;
  // Double data rate: two transfers per memory clock over the whole bus.
  gpu.dram_bytes_per_s = profile.memory_bus_bits / 8.0 * profile.memory_clock_khz * 1e3 * 2;
  return gpu;
}

double busy_fraction(const LaunchShapeCost& shape, double size_scale, const GpuModel& gpu) {
  const double warps_per_block = double((shape.threads_per_block + 31) / 32);
  const double blocks_to_fill = std::max(1.0, gpu.multiprocessors * size_scale);
  const double warps_to_fill = std::max(1.0, gpu.multiprocessors * gpu.warps_to_fill_sm * size_scale);
  return std::min({1.0, double(shape.blocks) / blocks_to_fill, double(shape.blocks) * warps_per_block / warps_to_fill});
}

ModelledTime modelled_time(const CountedLaunches& launches, uint64_t total_dram_bytes, const WorkCount& counted_work,
                           const WorkCount& gpu_work, const GpuModel& gpu) {
  const double peak_flops = gpu.flops_per_sm_clock * gpu.multiprocessors * gpu.clock_hz;
  const double size_scale =
      gpu_work.bytes > 0 ? std::clamp(counted_work.bytes / gpu_work.bytes, 0.0, 1.0) : 1.0;
  ModelledTime time;
  time.least_s = std::max(counted_work.bytes / gpu.dram_bytes_per_s, counted_work.flops / peak_flops);
  time.call_s = counted_work.flops / peak_flops;
  uint64_t launch_dram = 0;
  for (const LaunchShapeCost& shape : launches.shapes) {
    time.call_s += whole_gpu_seconds(shape, gpu) / busy_fraction(shape, size_scale, gpu) +
                   double(shape.launches) * gpu.launch_overhead_s * size_scale;
    launch_dram += shape.dram_bytes;
  }
  // The write-back at the end of the count; a reply whose launches claim more than the total adds nothing here.
  if (total_dram_bytes > launch_dram) time.call_s += double(total_dram_bytes - launch_dram) / gpu.dram_bytes_per_s;
  return time;
}

}  // namespace cudagrade
