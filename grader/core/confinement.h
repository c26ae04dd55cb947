// How a student's processes are confined: the runner, and (for a student's file) the compiler and linker.
// The grader never trusts them. Besides the wall-clock kill of the whole process group
// (run/runner_session.h), a process can be started
//   - under rlimits (prlimit): CPU time, file size, no core dumps; for a compile, address space as well;
//   - inside bubblewrap as well:
//       - a PID namespace whose init is the process itself (bwrap, for a runner under a trusted wrapper such
//         as compute-sanitizer): when it ends, the kernel kills everything it started, orphans included, and
//         nothing outside the namespace (the grader, classmates' runners) can be seen, signalled or stopped;
//       - a new session, so no controlling terminal to inject keystrokes into;
//       - a filesystem view of the system's folders (read-only), the step's own folders and nothing else:
//         no home folders, no /work, no OUT/, no test cases, a private /tmp; `hidden_dirs` are covered
//         even where they lie inside a system folder (a course installed under /usr/local);
//       - uid nobody, no capabilities, no network, IPC or UTS shared with the host, the GPU's device nodes
//         bound in, killed with its parent.
// The level used is recorded in every batch result: a machine where bwrap cannot run still grades, and
// says so.
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "core/command_runner.h"

namespace cudagrade {

// Backstops behind the wall clock.
struct ResourceLimits {
  int cpu_seconds = 0;
  uint64_t file_bytes = 0;
  std::optional<uint64_t> address_space_bytes;  // not for a runner: RLIMIT_AS breaks CUDA's reservations
};

// A runner never needs minutes of CPU or big files.
ResourceLimits runner_limits();
// A compile gets a CPU budget below the compile's wall clock (kCompileTimeout), so that a compile which
// would run forever is stopped by a verdict that does not depend on how busy the machine is, and an address
// space a self-including file cannot grow past.
ResourceLimits compile_limits();

struct Confinement {
  enum class Level { kNone, kRlimits, kBubblewrap };
  Level level = Level::kNone;
  std::vector<std::filesystem::path> writable_dirs;  // where the step writes: arenas, a build folder
  std::vector<std::filesystem::path> readable_dirs;  // besides the system's folders: headers, a toolchain
  std::vector<std::filesystem::path> hidden_dirs;    // never visible, wherever they lie
  // A trusted program, with its arguments, that starts the runner and watches it (compute-sanitizer): the
  // sandbox starts it with the runner's path as its last argument. It must start a process, so its filter lets
  // one through (FilterKind::kWrappedRunner), and it is not the PID namespace's init, bwrap is: a runner whose
  // parent is pid 1 takes the grader for gone and exits.
  std::vector<std::string> wrapper;

  // The argv that starts `runner` at this level; the runner's folder is readable.
  std::vector<std::string> command_for(const std::filesystem::path& runner) const;
  // The argv that runs `argv` (a compiler, a linker) at this level, in `working_dir`, which it may write.
  std::vector<std::string> compile_command(const std::vector<std::string>& argv,
                                           const std::filesystem::path& working_dir) const;
  std::string describe() const;
};

// `command` (a runner, or a confining wrapper ending in one) made to see only GPU `device`, through
// CUDA_VISIBLE_DEVICES: one grading queue per GPU, each with its own device. The variable is set just before
// the last `program_words` words: the runner, or a Confinement::wrapper and the runner.
std::vector<std::string> pinned_to_device(std::vector<std::string> command, int device, size_t program_words = 1);
// `command` with one variable ("NAME=value") set for its last `program_words` words alone, inside any sandbox.
std::vector<std::string> with_variable(std::vector<std::string> command, const std::string& assignment,
                                       size_t program_words = 1);

// bwrap when it can start a process on this machine (it needs user namespaces), else rlimits when prlimit
// exists, else none; `why` says what was tried when the answer is not bwrap.
Confinement::Level strongest_confinement(CommandRunner& runner, std::string& why);

// "env -i NAME=value ...": the start of every confined command, which clears the grader's environment and
// passes on only the variables a program, a compiler and the CUDA runtime need (PATH, the library and include
// search paths, the CUDA_* and NVIDIA_* device selection, TMPDIR and the locale), whichever sandbox follows.
std::vector<std::string> runner_environment();

std::string to_string(Confinement::Level level);

}  // namespace cudagrade
