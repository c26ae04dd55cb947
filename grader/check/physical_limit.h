// Whether a reported kernel time is physically possible on this GPU. A runner is the student's process and can
// rewrite its reply, or remember answers and return them without computing (a memo): either way the reported
// median can fall below what the hardware can do for the case's work. The grader holds it against two limits
// measured or read by a trusted runner (the lab's reference, never the student's process) on the same GPU in
// the same run: the work's fewest bytes at the device's copy bandwidth, and its FLOPs at the device's FP32 peak.
//
// Headroom, and why: the copy bandwidth is measured (a device-to-device cudaMemcpy of 1 GiB), so a kernel
// that only reads can beat it by a little; kBandwidthHeadroom leaves half as much again. The FP32 peak is
// every SM's 128 FP32 lanes doing an FMA every cycle; tensor cores emulating FP32 to its accuracy (3xTF32)
// reach about 2.5 times it on an H100, so kComputeHeadroom is 4. A fair file cannot trip either unless the
// lab's declared work is not a lower bound (docs/LABS.md asks it to be); a forgery by less than those
// factors, or one whose time stays within both limits, is not caught here (reported_time.h and the re-check
// of every answer after timing are the other defences).
#pragma once

#include <string>

#include "model/lab.h"

namespace cudagrade {

inline constexpr double kBandwidthHeadroom = 1.5;
inline constexpr double kComputeHeadroom = 4;
inline constexpr int kFp32LanesPerSm = 128;  // sm_90 (and sm_86, sm_89); sm_80 has 64, so this errs high

// What a trusted runner measured or read of the device; 0 where it did not.
struct DeviceLimits {
  double copy_gbps = 0;  // bytes read plus bytes written per second, / 1e9
  int sm_count = 0;
  double clock_mhz = 0;  // the SMs' clock
  double fp32_tflops() const { return sm_count * clock_mhz * 1e6 * kFp32LanesPerSm * 2 / 1e12; }
};

struct PhysicalVerdict {
  enum class Outcome {
    kPossible,
    kBeyondBandwidth,  // the work's bytes moved faster than the headroom over the copy allows
    kBeyondCompute,    // the work's FLOPs done faster than the headroom over the FP32 peak allows
  } outcome = Outcome::kPossible;
  std::string message;  // for the student, with the numbers
};

PhysicalVerdict judge_physically_possible(const WorkCount& work, double median_ms, const DeviceLimits& limits);

}  // namespace cudagrade
