// The simulator's memory-access counts (cusim/runtime/access_profile.h) read from the runner's reply, added
// up per line of the student's file, and judged in the lectures' terms: coalesced or not, bank conflicts or
// not, and what to change.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "model/access_profile.h"

namespace cudagrade {

// One code address's counts, as the runner sent them.
struct AccessCount {
  uint64_t code_offset = 0;
  MemorySpace space = MemorySpace::kGlobal;
  bool store = false;
  int bytes_per_lane = 4;
  uint64_t instructions = 0;
  uint64_t units = 0;
  uint64_t ideal_units = 0;
};

// The reply's `profile` field; nullopt when it is not the runtime's format (the field came from the
// submission's own process, so it is read, never trusted to be well formed).
std::optional<std::vector<AccessCount>> parse_access_counts(const std::string& field);

// Adds `more` into `counts`, code address by code address (the cases of one submission).
void add_access_counts(std::vector<AccessCount>& counts, const std::vector<AccessCount>& more);

// Per line, space and direction: the counts whose code addresses `line_of` places in the student's file
// (`source` is that file's text, for each line's words), judged, the most wasteful first.
std::vector<AccessProfileLine> profile_lines(const std::vector<AccessCount>& counts,
                                             const std::map<uint64_t, int>& line_of, const std::string& source);

// "4.0 sectors/request (ideal 4.0): coalesced", "32-way bank conflict", ...
std::string describe_cost(const AccessProfileLine& line);

}  // namespace cudagrade
