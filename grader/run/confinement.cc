#include "run/confinement.h"

#include <fmt/format.h>

#include <algorithm>
#include <cstdlib>

namespace cudagrade {
namespace {

// Backstops behind the per-case wall clock: a runner never needs minutes of CPU, big files or cores. No
// process-count limit: RLIMIT_NPROC counts every process of the user the sandbox maps to (root, on a grading
// host), so any value either stops the CUDA runtime's own threads (cudaErrorOperatingSystem, seen on the H200
// host) or limits nothing; fork and exec are refused by the symbol policy instead.
constexpr const char* kCpuSeconds = "1800";
constexpr const char* kFileBytes = "268435456";

std::vector<std::string> rlimit_prefix() {
  return {"prlimit", fmt::format("--cpu={}", kCpuSeconds), fmt::format("--fsize={}", kFileBytes), "--core=0", "--"};
}

// The GPU's device nodes, bound into the sandbox so CUDA can open them.
std::vector<std::filesystem::path> gpu_device_nodes() {
  std::vector<std::filesystem::path> nodes;
  std::error_code error;
  for (const auto& entry : std::filesystem::directory_iterator("/dev", error)) {
    const std::string name = entry.path().filename().string();
    if (name.rfind("nvidia", 0) == 0) nodes.push_back(entry.path());  // nvidia-caps is a folder of nodes
  }
  std::sort(nodes.begin(), nodes.end());
  return nodes;
}

// No PID namespace: the runner checks that its parent is alive (getppid() != 1), and the grader's
// process-group kill reaches bwrap, whose death takes the runner with it (--die-with-parent).
std::vector<std::string> bwrap_prefix(const std::vector<std::filesystem::path>& writable_dirs,
                                      const std::filesystem::path& working_dir) {
  // A fresh /proc: under the user namespace the host's /proc (bound with /) makes CUDA's initialisation fail
  // with cudaErrorOperatingSystem (checked on the H200 host); a new procfs mount does not.
  std::vector<std::string> command = {"bwrap", "--ro-bind", "/", "/", "--dev", "/dev", "--proc", "/proc"};
  for (const auto& node : gpu_device_nodes()) command.insert(command.end(), {"--dev-bind", node, node});
  command.insert(command.end(), {"--tmpfs", "/tmp"});
  // The runner's own folder stays visible even when it lies under /tmp (a build cache there, a test).
  command.insert(command.end(), {"--ro-bind", working_dir, working_dir});
  for (const auto& dir : writable_dirs) command.insert(command.end(), {"--bind", dir, dir});
  command.insert(command.end(), {"--unshare-user", "--unshare-ipc", "--unshare-net", "--unshare-uts",
                                 "--uid", "65534", "--gid", "65534", "--cap-drop", "ALL", "--die-with-parent",
                                 "--chdir", working_dir, "--"});
  return command;
}

// The grader's environment is not the runner's business: it may hold tokens, the hidden cases' paths, the
// course's secrets. The runner starts with only what a program and the CUDA runtime need, by name.
constexpr const char* kRunnerEnvironment[] = {
    "PATH", "LD_LIBRARY_PATH", "CUDA_VISIBLE_DEVICES", "CUDA_DEVICE_ORDER", "NVIDIA_VISIBLE_DEVICES",
    "NVIDIA_DRIVER_CAPABILITIES", "TMPDIR", "LANG", "LC_ALL"};

}  // namespace

std::vector<std::string> runner_environment() {
  std::vector<std::string> command = {"env", "-i"};
  for (const char* name : kRunnerEnvironment) {
    if (const char* value = std::getenv(name)) command.push_back(std::string(name) + "=" + value);
  }
  return command;
}

std::vector<std::string> Confinement::command_for(const std::filesystem::path& runner) const {
  std::vector<std::string> command = runner_environment();
  std::vector<std::string> wrapper;
  if (level == Level::kBubblewrap) wrapper = bwrap_prefix(writable_dirs, runner.parent_path());
  if (level != Level::kNone) {
    std::vector<std::string> limits = rlimit_prefix();
    wrapper.insert(wrapper.end(), limits.begin(), limits.end());
  }
  command.insert(command.end(), wrapper.begin(), wrapper.end());
  command.push_back(runner.string());
  return command;
}

std::vector<std::string> pinned_to_device(std::vector<std::string> command, int device) {
  command.insert(command.end() - 1, {"env", "CUDA_VISIBLE_DEVICES=" + std::to_string(device)});
  return command;
}

std::string to_string(Confinement::Level level) {
  switch (level) {
    case Confinement::Level::kNone: return "none";
    case Confinement::Level::kRlimits: return "rlimits";
    case Confinement::Level::kBubblewrap: return "bwrap";
  }
  return "none";
}

std::string Confinement::describe() const {
  switch (level) {
    case Level::kNone: return "none (process group and wall clock only)";
    case Level::kRlimits: return "rlimits (CPU time, file size, no core dumps) + process group and wall clock";
    case Level::kBubblewrap:
      return "bwrap (uid nobody, no capabilities, no network, read-only root, private /tmp) + rlimits + "
             "process group and wall clock";
  }
  return "";
}

Confinement::Level strongest_confinement(CommandRunner& runner, std::string& why) {
  const std::vector<std::string> probe = bwrap_prefix({}, "/");
  std::vector<std::string> command = probe;
  command.push_back("/bin/true");
  CommandResult bwrap = runner.run(command, std::chrono::seconds(20));
  if (bwrap.outcome == CommandResult::Outcome::kSucceeded) return Confinement::Level::kBubblewrap;
  why = "bwrap could not start a sandbox here: " + bwrap.output.substr(0, bwrap.output.find('\n'));
  CommandResult prlimit = runner.run({"prlimit", "--core=0", "--", "/bin/true"}, std::chrono::seconds(20));
  if (prlimit.outcome == CommandResult::Outcome::kSucceeded) return Confinement::Level::kRlimits;
  why += "; prlimit could not run either";
  return Confinement::Level::kNone;
}

}  // namespace cudagrade
