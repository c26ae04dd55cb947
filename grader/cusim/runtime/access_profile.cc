#include "cusim/runtime/access_profile.h"

#include <algorithm>
#include <array>
#include <cstdio>
#include <limits>
#include <map>
#include <memory>
#include <tuple>
#include <vector>

#include "cusim/runtime/sector_cache.h"
#include "cusim/runtime/symbolize.h"

namespace cusim::profile {

bool g_on = false;

namespace {

// One thread's access, kept until its block ends.
struct Note {
  uintptr_t pc;
  uintptr_t address;
  int16_t slot;
  uint8_t size;
  bool is_write;
  Space space;
};

// What the report adds up per code address, space and direction.
struct Key {
  uintptr_t pc;
  Space space;
  bool is_write;
  bool operator<(const Key& other) const {
    return std::tie(pc, space, is_write) < std::tie(other.pc, other.space, other.is_write);
  }
};
struct Totals {
  size_t size = 0;
  uint64_t instructions = 0;
  uint64_t units = 0;
  uint64_t ideal = 0;
};

// A block's notes are bounded, so that a kernel looping for long cannot exhaust memory while profiled.
constexpr size_t kMostNotesPerBlock = size_t{1} << 22;

bool g_sampled = false;
unsigned g_block_limit = kSampledBlocks;
std::unique_ptr<SectorCache> g_cache;  // only while an efficiency case counts
std::vector<Note> g_notes;
std::map<Key, Totals> g_totals;

struct Cost {
  uint32_t units = 0;
  uint32_t ideal = 0;
};

// Global memory moves 32-byte sectors: the instruction costs the distinct sectors its lanes touch, and at
// best the lanes' bytes packed together.
Cost global_cost(const std::vector<const Note*>& lanes) {
  std::vector<uintptr_t> sectors;
  for (const Note* lane : lanes) {
    sectors.push_back(lane->address >> 5);
    sectors.push_back((lane->address + lane->size - 1) >> 5);
  }
  std::sort(sectors.begin(), sectors.end());
  const auto distinct = static_cast<uint32_t>(std::unique(sectors.begin(), sectors.end()) - sectors.begin());
  const size_t bytes = lanes.size() * lanes.front()->size;
  return {distinct, static_cast<uint32_t>((bytes + 31) / 32)};
}

// Shared memory has 32 banks of 4-byte words and serves a warp in phases of 128 bytes (all 32 lanes of 4-byte
// accesses, 16 lanes of 8-byte ones, 8 of 16-byte ones). In a phase, lanes that need different words of one
// bank wait for each other, one wavefront per word; lanes that need the same word share it (a broadcast).
Cost shared_cost(const std::vector<const Note*>& lanes) {
  const size_t size = std::max<size_t>(lanes.front()->size, 4);
  const size_t lanes_per_phase = 128 / std::min<size_t>(size, 16);
  std::map<size_t, std::array<std::vector<uintptr_t>, 32>> phases;  // phase -> words asked of each bank
  for (const Note* lane : lanes) {
    auto& banks = phases[static_cast<size_t>(lane->slot % 32) / lanes_per_phase];
    for (uintptr_t word = lane->address >> 2; word <= (lane->address + lane->size - 1) >> 2; ++word) {
      banks[word % 32].push_back(word);
    }
  }
  Cost cost;
  for (auto& [phase, banks] : phases) {
    size_t most = 1;
    for (std::vector<uintptr_t>& words : banks) {
      std::sort(words.begin(), words.end());
      most = std::max<size_t>(most, static_cast<size_t>(std::unique(words.begin(), words.end()) - words.begin()));
    }
    cost.units += static_cast<uint32_t>(most);
    cost.ideal += 1;
  }
  return cost;
}

// One warp's notes at one code address, lane by lane in the order each lane made them: the k-th of every
// lane that has one makes the warp's k-th instruction.
void add_instructions(const std::vector<const Note*>& notes, Totals& totals) {
  std::array<std::vector<const Note*>, 32> by_lane;
  for (const Note* note : notes) by_lane[static_cast<size_t>(note->slot % 32)].push_back(note);
  size_t count = 0;
  for (const auto& lane : by_lane) count = std::max(count, lane.size());
  std::vector<const Note*> instruction;
  for (size_t k = 0; k < count; ++k) {
    instruction.clear();
    for (const auto& lane : by_lane) {
      if (k < lane.size()) instruction.push_back(lane[k]);
    }
    const Cost cost = notes.front()->space == Space::kGlobal ? global_cost(instruction) : shared_cost(instruction);
    totals.size = notes.front()->size;
    totals.instructions += 1;
    totals.units += cost.units;
    totals.ideal += cost.ideal;
  }
}

// g++ splits a float4 or float2 copy into 4-byte loads or stores at consecutive code addresses, where nvcc
// makes one 16- or 8-byte instruction, which the hardware serves in phases of 8 or 16 lanes. Such a split shows
// as a lane's run of 4-byte accesses to one aligned 16 (or 8) bytes, each from its own code address, and it
// shows every time its first code address runs; two scalar loads that only sometimes touch adjacent words
// (reduce1's s[index] and s[index + s], adjacent at s = 1 only) are not one access. A loop over consecutive
// words repeats one code address, so it never forms a run.
bool splits_one_access(const Note* run, size_t count) {
  if ((run[0].address & (count * 4 - 1)) != 0) return false;
  for (size_t i = 0; i < count; ++i) {
    const Note& part = run[i];
    if (part.size != 4 || part.slot != run[0].slot || part.space != run[0].space ||
        part.is_write != run[0].is_write || part.address != run[0].address + 4 * i) {
      return false;
    }
    for (size_t j = 0; j < i; ++j) {
      if (run[j].pc == part.pc) return false;
    }
  }
  return true;
}

// The run length (4 or 2) that starts at notes[at], or 1.
size_t run_at(const std::vector<Note>& notes, size_t at) {
  for (size_t run : {size_t{4}, size_t{2}}) {
    if (at + run <= notes.size() && splits_one_access(&notes[at], run)) return run;
  }
  return 1;
}

void merge_split_accesses(std::vector<Note>& notes) {
  std::map<uintptr_t, size_t> runs, occurrences;  // by the first code address: runs it starts, times it ran
  for (size_t at = 0; at < notes.size(); ++at) {
    ++occurrences[notes[at].pc];
    if (run_at(notes, at) > 1) ++runs[notes[at].pc];
  }
  size_t kept = 0;
  for (size_t at = 0; at < notes.size(); ++kept) {
    const size_t count = run_at(notes, at);
    const bool always = count > 1 && runs[notes[at].pc] == occurrences[notes[at].pc];
    notes[kept] = notes[at];
    if (always) notes[kept].size = static_cast<uint8_t>(4 * count);
    at += always ? count : 1;
  }
  notes.resize(kept);
}

}  // namespace

void count_every_block(uint64_t cache_bytes) {
  g_on = true;
  g_block_limit = std::numeric_limits<unsigned>::max();
  g_cache = std::make_unique<SectorCache>(cache_bytes);
}

void begin_block(unsigned linear_block) {
  g_sampled = g_on && linear_block < g_block_limit;
  g_notes.clear();
}

void note(uintptr_t address, size_t size, bool is_write, Space space, uintptr_t pc, int slot) {
  if (!g_sampled) return;
  if (g_cache && space == Space::kGlobal) g_cache->access(address, size, is_write);
  if (g_notes.size() >= kMostNotesPerBlock || size == 0 || size > 16) return;
  g_notes.push_back({pc, address, static_cast<int16_t>(slot), static_cast<uint8_t>(size), is_write, space});
}

void end_block() {
  if (!g_sampled || g_notes.empty()) return;
  merge_split_accesses(g_notes);
  // Grouped by code address, space, direction and warp; the stable sort keeps each lane's own order.
  std::vector<const Note*> sorted;
  sorted.reserve(g_notes.size());
  for (const Note& note : g_notes) sorted.push_back(&note);
  auto group = [](const Note* note) { return std::make_tuple(note->pc, note->space, note->is_write, note->slot / 32); };
  std::stable_sort(sorted.begin(), sorted.end(), [&](const Note* a, const Note* b) { return group(a) < group(b); });
  std::vector<const Note*> warp;
  for (size_t begin = 0, end = 0; begin < sorted.size(); begin = end) {
    for (end = begin; end < sorted.size() && group(sorted[end]) == group(sorted[begin]); ++end) {
    }
    warp.assign(sorted.begin() + static_cast<std::ptrdiff_t>(begin), sorted.begin() + static_cast<std::ptrdiff_t>(end));
    add_instructions(warp, g_totals[{warp.front()->pc, warp.front()->space, warp.front()->is_write}]);
  }
  g_notes.clear();
}

std::string take_report() {
  std::string report;
  for (const auto& [key, totals] : g_totals) {
    char record[160];
    std::snprintf(record, sizeof record, "%s0x%lx,%c,%c,%zu,%llu,%llu,%llu", report.empty() ? "" : ";",
                  static_cast<unsigned long>(file_offset(key.pc).value_or(0)), key.space == Space::kGlobal ? 'g' : 's',
                  key.is_write ? 's' : 'l', totals.size, static_cast<unsigned long long>(totals.instructions),
                  static_cast<unsigned long long>(totals.units), static_cast<unsigned long long>(totals.ideal));
    report += record;
  }
  g_totals.clear();
  return report;
}

std::string take_traffic() {
  char traffic[64] = "0,0";
  if (g_cache) {
    g_cache->flush();
    std::snprintf(traffic, sizeof traffic, "%llu,%llu", static_cast<unsigned long long>(g_cache->dram_read_bytes()),
                  static_cast<unsigned long long>(g_cache->dram_write_bytes()));
  }
  g_cache.reset();
  g_block_limit = kSampledBlocks;
  return traffic;
}

}  // namespace cusim::profile
