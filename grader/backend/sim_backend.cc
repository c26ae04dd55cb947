#include "backend/sim_backend.h"

namespace cudagrade {

SimBackend::SimBackend(const ProjectPaths& paths, CommandRunner& runner, DeviceProfile device)
    : runner_(runner), toolchain_(paths, runner), device_(std::move(device)) {}

// The simulator needs a C++ compiler and addr2line (for the lines in race reports); boost.context's absence
// shows as the harness failing to build, with the compiler's words.
Availability SimBackend::availability() {
  if (availability_) return *availability_;
  for (const char* tool : {"g++", "addr2line"}) {
    CommandResult found = runner_.run({tool, "--version"}, std::chrono::seconds(30));
    if (found.outcome != CommandResult::Outcome::kSucceeded) {
      availability_ = Availability{false, std::string(tool) + " is not installed (scripts/install-deps.sh)", ""};
      return *availability_;
    }
  }
  availability_ = Availability{true, "", "CPU simulator (cusim)"};
  return *availability_;
}

}  // namespace cudagrade
