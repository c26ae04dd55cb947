#include "backend/registry.h"

#include "backend/gpu_backend.h"
#include "backend/sim_backend.h"

namespace cudagrade {

std::vector<std::string> backend_names() {
  return {"gpu", "sim", "auto"};
}

BackendChoice choose_backend(const std::string& name, const ProjectPaths& paths, CommandRunner& runner) {
  BackendChoice choice;
  if (name == "sim") {
    choice.backend = std::make_unique<SimBackend>(paths, runner);
    return choice;
  }
  GpuProbe probe = probe_gpu();
  if (name == "auto" && !probe.usable) {
    choice.note = "auto: no usable GPU (" + probe.reason + "); checking correctness in the CPU simulator";
    choice.backend = std::make_unique<SimBackend>(paths, runner);
    return choice;
  }
  choice.backend = std::make_unique<GpuBackend>(paths, runner, std::move(probe));
  return choice;
}

}  // namespace cudagrade
