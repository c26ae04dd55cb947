// How a student's runner is confined. The grader never trusts the submission's process: besides the
// wall-clock kill of its whole process group (run/runner_session.h), a runner can be started
//   - under rlimits (prlimit): CPU time, file size, no core dumps, a process count;
//   - inside bubblewrap as well: uid nobody, no capabilities, no network or IPC with the host, a read-only
//     root, a private /tmp, only the grader's arena folders writable, GPU device nodes bound in, and killed
//     with its parent.
// The level used is recorded in every batch result: a machine where bwrap cannot run still grades, and
// says so.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "core/command_runner.h"

namespace cudagrade {

struct Confinement {
  enum class Level { kNone, kRlimits, kBubblewrap };
  Level level = Level::kNone;
  std::vector<std::filesystem::path> writable_dirs;  // where the runner's arenas live

  // The argv that starts `runner` at this level.
  std::vector<std::string> command_for(const std::filesystem::path& runner) const;
  std::string describe() const;
};

// `command` (a runner, or a confining wrapper ending in one) made to see only GPU `device`, through
// CUDA_VISIBLE_DEVICES: one grading queue per GPU, each with its own device.
std::vector<std::string> pinned_to_device(std::vector<std::string> command, int device);

// bwrap when it can start a process on this machine (it needs user namespaces), else rlimits when prlimit
// exists, else none; `why` says what was tried when the answer is not bwrap.
Confinement::Level strongest_confinement(CommandRunner& runner, std::string& why);

// "env -i NAME=value ...": the start of every runner's command, which clears the grader's environment and
// passes on only the variables a program and the CUDA runtime need (PATH, LD_LIBRARY_PATH, the CUDA_* and
// NVIDIA_* device selection, TMPDIR and the locale), whichever sandbox follows.
std::vector<std::string> runner_environment();

std::string to_string(Confinement::Level level);

}  // namespace cudagrade
