// Limits that count a program's own CPU time. The simulator is CPU work alone, one thread, so the seconds
// the kernel accounts to the runner are its work, whatever else the machine is doing; its wall time is that
// work stretched by the load. A correct file near a case's limit (reference/scan/naive.cu at 1.3 million
// elements: 3.3 s against 5 s) timed out on a CI machine running two suites at once, so its grade depended
// on the machine. Held to its CPU time, it does not. The wait past the wall deadline goes on only while the
// runner has had at least 1 / kCpuLimitWallAllowance of a core, and never past kCpuLimitWallAllowance times
// the limit: a runner that sleeps or blocks instead of working is judged at the wall deadline, as before,
// and one that works only part of the time costs no more than an honest file at the limit on a machine
// loaded that much.
#pragma once

#include <sys/types.h>

#include <optional>

namespace cudagrade {

// What a runner's limits count.
enum class TimeBasis {
  kWallClock,    // the GPU's runner: its time is the device's, which the host's CPU time does not show
  kOwnCpuTime,   // the simulator's runner: its CPU time, and the wall allowance below
};

inline constexpr double kCpuLimitWallAllowance = 4;

// Seconds of user and system time used by `root` and its descendants (and the children they have reaped), as
// /proc accounts them: a confining wrapper's runner is a descendant. Null when `root` is gone or unreadable.
std::optional<double> process_tree_cpu_seconds(pid_t root);

// When a wait of `limit_s` has reached its wall deadline: how many seconds more to wait, because the program
// has used only `cpu_used_s` of its limit in `wall_elapsed_s`; null when its CPU time has reached the limit,
// or it is not working (less than 1 / kCpuLimitWallAllowance of a core so far, which also keeps the whole wait
// under kCpuLimitWallAllowance times the limit).
std::optional<double> cpu_limit_wait_left(double limit_s, double cpu_used_s, double wall_elapsed_s);

}  // namespace cudagrade
