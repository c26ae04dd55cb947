#include "core/cpu_time_limit.h"

#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace cudagrade {
namespace {

// Less than this left is spent: waiting for a few milliseconds of CPU time at a time would only spin.
constexpr double kShortestExtensionSeconds = 0.01;
// A runner starts no process (core/syscall_filter.h) and a confining wrapper two; more than this is not a
// tree worth reading at every request, and what it leaves uncounted only lets the wall allowance decide.
constexpr size_t kMostProcessesRead = 64;

// utime, stime, cutime and cstime of /proc/<pid>/stat, in seconds. The command name (field 2) may hold spaces
// and parentheses, so the fields are counted from its closing parenthesis, the last in the line.
std::optional<double> own_cpu_seconds(pid_t pid) {
  std::ifstream stat("/proc/" + std::to_string(pid) + "/stat");
  std::string line;
  if (!std::getline(stat, line)) return std::nullopt;
  const size_t name_end = line.rfind(')');
  if (name_end == std::string::npos) return std::nullopt;
  std::istringstream fields(line.substr(name_end + 1));
  std::string skipped;
  for (int field = 3; field <= 13; ++field) fields >> skipped;  // state ... cmajflt
  long long utime = 0, stime = 0, cutime = 0, cstime = 0;
  if (!(fields >> utime >> stime >> cutime >> cstime)) return std::nullopt;
  static const long ticks_per_second = sysconf(_SC_CLK_TCK);
  return static_cast<double>(utime + stime + cutime + cstime) / static_cast<double>(ticks_per_second);
}

// The children of every thread of `pid` (Linux's /proc/<pid>/task/<tid>/children); none when it is gone.
std::vector<pid_t> children_of(pid_t pid) {
  std::vector<pid_t> children;
  std::error_code error;
  for (const auto& task : std::filesystem::directory_iterator("/proc/" + std::to_string(pid) + "/task", error)) {
    std::ifstream listed(task.path() / "children");
    for (pid_t child = 0; listed >> child;) children.push_back(child);
  }
  return children;
}

}  // namespace

std::optional<double> process_tree_cpu_seconds(pid_t root) {
  std::optional<double> total = own_cpu_seconds(root);
  if (!total) return std::nullopt;
  std::vector<pid_t> pending = children_of(root);
  for (size_t read = 1; !pending.empty() && read < kMostProcessesRead; ++read) {
    const pid_t pid = pending.back();
    pending.pop_back();
    *total += own_cpu_seconds(pid).value_or(0);  // one that ended meanwhile is counted by its parent's reaping
    for (pid_t child : children_of(pid)) pending.push_back(child);
  }
  return total;
}

// While the program has had a quarter of a core (wall <= 4 x CPU), the wall time waited stays under 4 x the
// limit until its CPU time reaches the limit: the rate is the wall allowance.
std::optional<double> cpu_limit_wait_left(double limit_s, double cpu_used_s, double wall_elapsed_s) {
  if (cpu_used_s * kCpuLimitWallAllowance < wall_elapsed_s) return std::nullopt;
  const double left = limit_s - cpu_used_s;
  if (left < kShortestExtensionSeconds) return std::nullopt;
  return left;
}

}  // namespace cudagrade
