#include "backend/registry.h"

#include "backend/gpu_backend.h"

namespace cudagrade {

std::vector<std::string> backend_names() {
  return {"gpu", "sim", "auto"};
}

BackendChoice choose_backend(const std::string& name, const ProjectPaths& paths, CommandRunner& runner) {
  BackendChoice choice;
  if (name == "sim") {
    choice.note = "the CPU simulator backend is not part of this build yet (issue #3); use --backend gpu";
    return choice;
  }
  GpuProbe probe = probe_gpu();
  if (name == "auto" && !probe.usable) {
    choice.note = "auto: no usable GPU (" + probe.reason +
                  ") and no CPU simulator in this build yet (issue #3); building with nvcc only";
  }
  choice.backend = std::make_unique<GpuBackend>(paths, runner, std::move(probe));
  return choice;
}

}  // namespace cudagrade
