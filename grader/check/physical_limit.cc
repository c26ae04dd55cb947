#include "check/physical_limit.h"

#include <fmt/format.h>

namespace cudagrade {

PhysicalVerdict judge_physically_possible(const WorkCount& work, double median_ms, const DeviceLimits& limits) {
  if (median_ms <= 0) {
    return {PhysicalVerdict::Outcome::kBeyondBandwidth,
            fmt::format("rejected: forged time: the runner reported a median of {} ms, and no kernel takes no time",
                        median_ms)};
  }
  const double seconds = median_ms * 1e-3;
  const double gbps = work.bytes / seconds / 1e9;
  if (limits.copy_gbps > 0 && work.bytes > 0 && gbps > kBandwidthHeadroom * limits.copy_gbps) {
    return {PhysicalVerdict::Outcome::kBeyondBandwidth,
            fmt::format("rejected: forged time: the runner reported a median of {:.4g} ms, which moves the case's "
                        "fewest {:.4g} MB at {:.4g} GB/s, over {:g} times the {:.4g} GB/s this GPU copies at; no "
                        "kernel computes the answer that fast (an answer remembered instead of computed?)",
                        median_ms, work.bytes / 1e6, gbps, kBandwidthHeadroom, limits.copy_gbps)};
  }
  const double tflops = work.flops / seconds / 1e12;
  const double peak = limits.fp32_tflops();
  if (peak > 0 && work.flops > 0 && tflops > kComputeHeadroom * peak) {
    return {PhysicalVerdict::Outcome::kBeyondCompute,
            fmt::format("rejected: forged time: the runner reported a median of {:.4g} ms, which does the case's "
                        "{:.4g} GFLOP at {:.4g} TFLOP/s, over {:g} times this GPU's FP32 peak of {:.4g} TFLOP/s; no "
                        "kernel computes the answer that fast (an answer remembered instead of computed?)",
                        median_ms, work.flops / 1e9, tflops, kComputeHeadroom, peak)};
  }
  return {};
}

}  // namespace cudagrade
