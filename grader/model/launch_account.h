// What a check's call launched, as both backends count it (issue #33, "the GPU grade must not rely on the
// simulator alone"): the number of launches and a hash of each one's grid, block and dynamic shared memory, in
// order. The GPU runner counts the launches of the student's call through the runtime's launch entry, wrapped
// at link time (harness/runner_main.cu); the simulator counts them in its own launch (cusim/runtime/api.cc).
// The grader compares the two for each case the simulator ran at the GPU's size (pipeline/race_check.h): an
// honest file launches the same kernels on the same device profile, and a file that runs other code where it
// believes it is on the GPU is seen.
//
// Header-only and free of the standard library but for what nvcc's host pass and the simulator both have.
#pragma once

#include <cstdint>
#include <cstdio>

namespace cudagrade {

struct LaunchAccount {
  uint64_t launches = 0;
  uint64_t hash = 0xcbf29ce484222325ull;  // FNV-1a over the launches' numbers

  void note(uint64_t grid_x, uint64_t grid_y, uint64_t grid_z, uint64_t block_x, uint64_t block_y, uint64_t block_z,
            uint64_t dynamic_shared_bytes) {
    const uint64_t numbers[] = {grid_x, grid_y, grid_z, block_x, block_y, block_z, dynamic_shared_bytes};
    for (uint64_t number : numbers) {
      for (int byte = 0; byte < 8; ++byte) hash = (hash ^ ((number >> (8 * byte)) & 0xFF)) * 0x100000001b3ull;
    }
    ++launches;
  }
  // The reply field's value: "<launches>:<hash in hex>".
  void write(char* out, size_t size) const {
    std::snprintf(out, size, "%llu:%016llx", static_cast<unsigned long long>(launches),
                  static_cast<unsigned long long>(hash));
  }
};

}  // namespace cudagrade
