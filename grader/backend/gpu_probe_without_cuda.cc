// The probe of a cudagrade built where no CUDA toolkit was found (CMakeLists.txt picks this file instead of
// gpu_probe.cc): it never finds a GPU, and says what is missing, so `devices` and every report tell the user
// how to get the GPU backend rather than just "no GPU".
#include "backend/gpu_probe.h"

namespace cudagrade {

GpuProbe probe_gpu() {
  GpuProbe probe;
  probe.reason =
      "this cudagrade was built without the CUDA toolkit (no nvcc was found when it was configured), so it has "
      "no GPU backend; install nvcc and cudart (scripts/install-deps.sh --cuda 13.0, or NVIDIA's toolkit) and "
      "rebuild for it. The CPU simulator (--backend sim) grades correctness without it";
  return probe;
}

}  // namespace cudagrade
