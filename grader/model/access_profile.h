// The simulator's memory-access profile of a submission (`cudagrade check --profile`): per source line and
// kind of access, what its warp-level instructions cost against the fewest they could, in the lectures'
// terms: 32-byte sectors per request for global memory (coalescing), wavefronts per request for shared
// memory (bank conflicts). cusim/runtime/access_profile.h counts; check/access_profile.h reads and judges.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace cudagrade {

enum class MemorySpace { kGlobal, kShared };

struct AccessProfileLine {
  int line = 0;                  // in the student's file; 0 where addr2line could not say
  std::string source;            // that line's text, trimmed
  MemorySpace space = MemorySpace::kGlobal;
  bool store = false;
  int bytes_per_lane = 4;
  uint64_t instructions = 0;     // warp-level instructions counted (in the sampled blocks)
  uint64_t units = 0;            // sectors (global) or wavefronts (shared) they took
  uint64_t ideal_units = 0;      // the fewest they could have taken
  std::string advice;            // empty when the line is as cheap as it can be

  double per_request() const { return instructions == 0 ? 0 : double(units) / double(instructions); }
  double ideal_per_request() const { return instructions == 0 ? 0 : double(ideal_units) / double(instructions); }
  // How many times the ideal traffic (global) or the n-way bank conflict degree (shared): 1 is ideal.
  double excess() const { return ideal_units == 0 ? 1 : double(units) / double(ideal_units); }
};

}  // namespace cudagrade
