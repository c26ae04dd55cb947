#include "core/confinement.h"

#include <fmt/format.h>

#include <algorithm>
#include <cstdlib>
#include <optional>
#include <sstream>

#include "core/syscall_filter.h"

namespace cudagrade {
namespace {

// What every program on the machine needs, shown read-only. Not /opt, /srv, /home, /root, /work, /var or /run:
// a course, its test cases and its students' files live in such places. A toolchain kept outside /usr is
// shown by its program's prefix and its search paths (tool_dirs()).
constexpr const char* kSystemDirs[] = {"/usr", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32", "/etc", "/sys"};

std::vector<std::string> rlimit_prefix(const ResourceLimits& limits) {
  std::vector<std::string> command = {"prlimit", fmt::format("--cpu={}", limits.cpu_seconds),
                                      fmt::format("--fsize={}", limits.file_bytes), "--core=0"};
  if (limits.address_space_bytes) command.push_back(fmt::format("--as={}", *limits.address_space_bytes));
  command.push_back("--");
  return command;
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

std::filesystem::path resolved(const std::filesystem::path& path) {
  std::error_code error;
  std::filesystem::path canonical = std::filesystem::weakly_canonical(path, error);
  return error ? path.lexically_normal() : canonical;
}

bool lies_within(const std::filesystem::path& inner, const std::filesystem::path& outer) {
  const std::filesystem::path relative = resolved(inner).lexically_relative(resolved(outer));
  return !relative.empty() && *relative.begin() != "..";
}

bool is_system_dir(const std::filesystem::path& dir) {
  return std::any_of(std::begin(kSystemDirs), std::end(kSystemDirs),
                     [&](const char* system) { return lies_within(dir, system); });
}

// The entries of a colon-separated search path in the environment (PATH, LIBRARY_PATH, ...).
std::vector<std::string> search_path(const char* variable) {
  const char* value = std::getenv(variable);
  std::stringstream entries(value ? value : "");
  std::vector<std::string> found;
  for (std::string entry; std::getline(entries, entry, ':');) {
    if (!entry.empty()) found.push_back(entry);
  }
  return found;
}

// Where `program` is installed, when that is outside the system's folders: the parent of its bin/ folder, so
// that a toolchain finds its lib/ and include/ beside it (nvcc in /opt/cuda/bin). A bare name is looked up
// on PATH. Nothing else on PATH is shown: it may name folders in the grader's home (~/.cargo/bin), whose
// neighbours hold credentials.
std::optional<std::filesystem::path> program_prefix(const std::string& program) {
  std::filesystem::path found(program);
  if (program.find('/') == std::string::npos) {
    found.clear();
    for (const std::string& entry : search_path("PATH")) {
      std::error_code error;
      const std::filesystem::path candidate = std::filesystem::path(entry) / program;
      if (std::filesystem::is_regular_file(candidate, error)) {
        found = candidate;
        break;
      }
    }
  }
  if (!found.is_absolute()) return std::nullopt;
  const std::filesystem::path bin = resolved(found).parent_path();
  if (bin.filename() != "bin" || is_system_dir(bin)) return std::nullopt;
  return bin.parent_path();
}

// The folders a step needs besides the system's: the library and include search paths that lie outside
// them, each exactly (Debian packages unpacked under /opt on the GPU machine), and the program's prefix.
std::vector<std::filesystem::path> tool_dirs(const std::string& program) {
  std::vector<std::filesystem::path> dirs;
  for (const char* variable : {"LD_LIBRARY_PATH", "LIBRARY_PATH", "CPATH", "C_INCLUDE_PATH", "CPLUS_INCLUDE_PATH"}) {
    for (const std::string& entry : search_path(variable)) {
      const std::filesystem::path dir(entry);
      std::error_code error;
      if (!dir.is_absolute() || !std::filesystem::is_directory(dir, error) || is_system_dir(dir)) continue;
      if (std::find(dirs.begin(), dirs.end(), dir) == dirs.end()) dirs.push_back(dir);
    }
  }
  if (auto prefix = program_prefix(program)) dirs.push_back(*prefix);
  return dirs;
}

void add(std::vector<std::string>& command, std::initializer_list<std::string> words) {
  command.insert(command.end(), words);
}

// The filesystem a confined step sees, built bottom-up: bwrap applies its mounts in order, so a hidden
// folder covers what was shown before it, and the step's own folders are shown again on top.
std::vector<std::string> filesystem_view(const Confinement& confinement, const std::string& program,
                                         const std::filesystem::path& working_dir, bool working_dir_writable) {
  std::vector<std::string> command;
  std::vector<std::filesystem::path> shown;
  for (const char* dir : kSystemDirs) {
    std::error_code error;
    if (std::filesystem::is_symlink(dir, error)) {
      add(command, {"--symlink", std::filesystem::read_symlink(dir, error).string(), dir});
    } else if (std::filesystem::is_directory(dir, error)) {
      add(command, {"--ro-bind", dir, dir});
      shown.emplace_back(dir);
    }
  }
  // A fresh /proc: the namespace's own processes only. Under the user namespace the host's /proc also makes
  // CUDA's initialisation fail with cudaErrorOperatingSystem (checked on the H200 host).
  add(command, {"--dev", "/dev", "--proc", "/proc"});
  for (const auto& node : gpu_device_nodes()) add(command, {"--dev-bind", node, node});
  add(command, {"--tmpfs", "/tmp"});
  for (const auto& dir : tool_dirs(program)) {
    add(command, {"--ro-bind", dir, dir});
    shown.push_back(dir);
  }
  for (const auto& hidden : confinement.hidden_dirs) {
    std::error_code error;
    if (!std::filesystem::is_directory(hidden, error)) continue;
    const bool inside_shown = std::any_of(shown.begin(), shown.end(),
                                          [&](const std::filesystem::path& dir) { return lies_within(hidden, dir); });
    if (inside_shown) add(command, {"--tmpfs", resolved(hidden)});
  }
  for (const auto& dir : confinement.readable_dirs) add(command, {"--ro-bind", dir, dir});
  add(command, {working_dir_writable ? "--bind" : "--ro-bind", working_dir, working_dir});
  for (const auto& dir : confinement.writable_dirs) add(command, {"--bind", dir, dir});
  return command;
}

// The filter reaches bwrap on descriptor 9, opened by a shell that then becomes bwrap: the grader's own
// descriptors stay as they are (3 and 4 are the runner's channel), and nothing is left open in the grader.
constexpr const char* kFilterDescriptor = "9";

// The process is the namespace's init (--as-pid-1): when it ends, the kernel kills whatever it started, and
// the grader's kill of bwrap takes it down through --die-with-parent. A runner checks getppid() != 1 to learn
// that the grader is alive; as the namespace's init its parent is outside, and getppid() is 0.

std::vector<std::string> bwrap_prefix(const Confinement& confinement, const std::string& program,
                                      const std::filesystem::path& working_dir, bool working_dir_writable,
                                      FilterKind filter) {
  // A wrapped runner's parent is the wrapper: were the wrapper pid 1, the runner would take the grader for gone.
  const bool program_is_init = filter != FilterKind::kWrappedRunner;
  std::vector<std::string> command = {"sh", "-c", std::string("exec ") + kFilterDescriptor + "<\"$0\" && exec \"$@\"",
                                      syscall_filter_file(filter).string(), "bwrap", "--seccomp", kFilterDescriptor};
  const std::vector<std::string> view = filesystem_view(confinement, program, working_dir, working_dir_writable);
  command.insert(command.end(), view.begin(), view.end());
  add(command, {"--unshare-user", "--unshare-pid", "--unshare-ipc", "--unshare-net", "--unshare-uts",
                "--unshare-cgroup-try"});
  if (program_is_init) add(command, {"--as-pid-1"});
  add(command, {"--new-session", "--uid", "65534", "--gid", "65534", "--cap-drop", "ALL", "--die-with-parent",
                "--chdir", working_dir.string(), "--"});
  return command;
}

// The grader's environment is not the runner's business: it may hold tokens, the hidden cases' paths, the
// course's secrets. The runner starts with only what a program and the CUDA runtime need, by name.
// The compiler's search paths (LIBRARY_PATH, CPATH, ...) are passed too: a toolchain or a library installed
// outside the system's folders (Debian packages unpacked under /opt on the GPU machine) is found through them.
constexpr const char* kRunnerEnvironment[] = {
    "PATH", "LD_LIBRARY_PATH", "LIBRARY_PATH", "CPATH", "C_INCLUDE_PATH", "CPLUS_INCLUDE_PATH",
    "CUDA_VISIBLE_DEVICES", "CUDA_DEVICE_ORDER", "NVIDIA_VISIBLE_DEVICES", "NVIDIA_DRIVER_CAPABILITIES", "TMPDIR",
    "LANG", "LC_ALL"};

// env, then prlimit, then bwrap: the limits are set outside the sandbox and inherited, so that bwrap's one
// exec after loading the filter is the step itself.
std::vector<std::string> confined(const Confinement& confinement, const std::vector<std::string>& argv,
                                  const std::filesystem::path& working_dir, bool working_dir_writable,
                                  const ResourceLimits& limits, FilterKind filter) {
  std::vector<std::string> command = runner_environment();
  if (confinement.level != Confinement::Level::kNone) {
    const std::vector<std::string> rlimits = rlimit_prefix(limits);
    command.insert(command.end(), rlimits.begin(), rlimits.end());
  }
  if (confinement.level == Confinement::Level::kBubblewrap) {
    const std::vector<std::string> sandbox =
        bwrap_prefix(confinement, argv.front(), working_dir, working_dir_writable, filter);
    command.insert(command.end(), sandbox.begin(), sandbox.end());
  }
  command.insert(command.end(), argv.begin(), argv.end());
  return command;
}

}  // namespace

ResourceLimits runner_limits() {
  return {1800, uint64_t{256} << 20, std::nullopt};
}

ResourceLimits compile_limits() {
  return {150, uint64_t{256} << 20, uint64_t{4} << 30};
}

std::vector<std::string> runner_environment() {
  std::vector<std::string> command = {"env", "-i"};
  for (const char* name : kRunnerEnvironment) {
    if (const char* value = std::getenv(name)) command.push_back(std::string(name) + "=" + value);
  }
  return command;
}

std::vector<std::string> Confinement::command_for(const std::filesystem::path& runner) const {
  if (wrapper.empty()) {
    return confined(*this, {runner.string()}, runner.parent_path(), false, runner_limits(), FilterKind::kRunner);
  }
  std::vector<std::string> argv = wrapper;
  argv.push_back(runner.string());
  return confined(*this, argv, runner.parent_path(), false, runner_limits(), FilterKind::kWrappedRunner);
}

std::vector<std::string> Confinement::compile_command(const std::vector<std::string>& argv,
                                                      const std::filesystem::path& working_dir) const {
  std::vector<std::string> command = confined(*this, argv, working_dir, true, compile_limits(), FilterKind::kCompile);
  // env's own --chdir, before its first assignment, at every level: bwrap changes folder again inside.
  command.insert(command.begin() + 2, "--chdir=" + working_dir.string());
  return command;
}

std::vector<std::string> with_variable(std::vector<std::string> command, const std::string& assignment,
                                       size_t program_words) {
  const auto program = command.end() - static_cast<std::ptrdiff_t>(std::min(program_words, command.size()));
  command.insert(program, {"env", assignment});
  return command;
}

std::vector<std::string> pinned_to_device(std::vector<std::string> command, int device, size_t program_words) {
  return with_variable(std::move(command), "CUDA_VISIBLE_DEVICES=" + std::to_string(device), program_words);
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
      return "bwrap (own PID namespace, uid nobody, no capabilities, no network, only system folders read-only, "
             "private /tmp) + rlimits + process group and wall clock";
  }
  return "";
}

namespace {

// Empty when the whole sandbox a runner gets, filter included, starts here; else why not (a kernel without
// seccomp or user namespaces, no bwrap, a libseccomp that cannot build the filter).
std::string bwrap_problem(CommandRunner& runner) {
  std::vector<std::string> command;
  try {
    command = bwrap_prefix(Confinement{}, "/bin/true", "/usr", false, FilterKind::kRunner);
  } catch (const std::exception& error) {
    return error.what();
  }
  command.push_back("/bin/true");
  CommandResult bwrap = runner.run(command, std::chrono::seconds(20));
  if (bwrap.outcome == CommandResult::Outcome::kSucceeded) return "";
  const std::string said = bwrap.output.substr(0, bwrap.output.find('\n'));
  return said.empty() ? bwrap.status.describe() : said;
}

}  // namespace

Confinement::Level strongest_confinement(CommandRunner& runner, std::string& why) {
  const std::string problem = bwrap_problem(runner);
  if (problem.empty()) return Confinement::Level::kBubblewrap;
  why = "bwrap could not start a sandbox here: " + problem;
  CommandResult prlimit = runner.run({"prlimit", "--core=0", "--", "/bin/true"}, std::chrono::seconds(20));
  if (prlimit.outcome == CommandResult::Outcome::kSucceeded) return Confinement::Level::kRlimits;
  why += "; prlimit could not run either";
  return Confinement::Level::kNone;
}

}  // namespace cudagrade
