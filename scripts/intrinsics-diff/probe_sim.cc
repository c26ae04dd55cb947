// The simulator's side of scripts/intrinsics-diff/: the same cases on the same operands, computed by cusim's
// headers on the host (cusim.h makes __device__ empty), printed as probe_gpu.cu prints them.
//   g++ -std=c++17 -O2 -x c++ -include cusim.h -I grader/cusim/include -I grader -D__CUDA_ARCH__=900 \
//     scripts/intrinsics-diff/probe_sim.cc grader/cusim/runtime/device_intrinsics.cc -o probe_sim
#include <cstdio>
#include <cstdlib>
#include <string>

#include "probe.h"

namespace cusim {
// device_intrinsics.cc's __trap() ends a run through the runtime's fail(); no case here traps.
void fail(const char* status, const std::string& message) {
  std::fprintf(stderr, "%s: %s\n", status, message.c_str());
  std::abort();
}
}  // namespace cusim

int main() {
  int slot = 0;
#define PROBE_PRINT(name, type, ulps, expression)                                                          \
  for (int sample = 0; sample < kSamples; ++sample) {                                                      \
    std::printf("%s %s %d %d %llx\n", #name, #type, ulps, sample,                                          \
                static_cast<unsigned long long>(run_case(slot, sample)));                                  \
  }                                                                                                        \
  ++slot;
  PROBE_CASES(PROBE_PRINT)
}
