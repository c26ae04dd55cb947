// Asks the CUDA runtime whether a GPU is usable here, without running any student code.
#pragma once

#include <string>

#include "model/device_profile.h"

namespace cudagrade {

struct GpuProbe {
  bool usable = false;
  std::string reason;  // the CUDA error when not usable
  std::string name;    // "NVIDIA H100 80GB HBM3"
  std::string arch;    // "90": compute capability without the dot
  int count = 0;       // devices visible: a class is graded with one queue per device
  DeviceProfile profile;  // device 0's, for the simulator beside a GPU grade
};

GpuProbe probe_gpu();

}  // namespace cudagrade
