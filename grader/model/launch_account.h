// What a check's call launched and copied, as both backends count it (issue #33, "the GPU grade must not rely
// on the simulator alone"): the number of launches and a hash of each one's grid, block and dynamic shared
// memory, and of each cudaMemcpy or cudaMemcpyAsync's direction and bytes, in order. The GPU runner counts the
// student's call through the runtime's launch and copy entries, wrapped at link time (harness/runner_main.cu);
// the simulator counts them in its own launch and copies (cusim/runtime/api.cc).
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
  uint64_t hash = 0xcbf29ce484222325ull;  // FNV-1a over the launches' and copies' numbers

  void note(uint64_t grid_x, uint64_t grid_y, uint64_t grid_z, uint64_t block_x, uint64_t block_y, uint64_t block_z,
            uint64_t dynamic_shared_bytes) {
    const uint64_t numbers[] = {grid_x, grid_y, grid_z, block_x, block_y, block_z, dynamic_shared_bytes};
    for (uint64_t number : numbers) add(number);
    ++launches;
  }
  // A cudaMemcpy or cudaMemcpyAsync of the call, with its direction (cudaMemcpyKind) as the file passed it.
  // The mark is no launch's first number, a grid's x, which is at most 2^31 - 1.
  void note_copy(uint64_t kind, uint64_t bytes) {
    const uint64_t numbers[] = {kCopyMark, kind, bytes};
    for (uint64_t number : numbers) add(number);
  }
  static constexpr uint64_t kCopyMark = 0xC0B1C0B1C0B1C0B1ull;
  // The reply field's value: "<launches>:<hash in hex>".
  void write(char* out, size_t size) const {
    std::snprintf(out, size, "%llu:%016llx", static_cast<unsigned long long>(launches),
                  static_cast<unsigned long long>(hash));
  }
 private:
  void add(uint64_t number) {
    for (int byte = 0; byte < 8; ++byte) hash = (hash ^ ((number >> (8 * byte)) & 0xFF)) * 0x100000001b3ull;
  }
};

}  // namespace cudagrade
