#include "cusim/runtime/access_profile.h"

#include <algorithm>
#include <array>
#include <cstdio>
#include <limits>
#include <map>
#include <memory>
#include <string>
#include <tuple>
#include <unordered_map>
#include <vector>

#include "cusim/runtime/sector_cache.h"
#include "cusim/runtime/runtime_heap.h"
#include "cusim/runtime/symbolize.h"
#include "model/launch_costs.h"

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
constexpr size_t kMostNotesPerBlock = cudagrade::kMostCountedAccessesPerBlock;

// While an efficiency case counts, totals are kept per kernel and launch shape: two kernels of the same shape are two records, so that a figure taken per
// record (the worst kernel's coalescing) cannot be diluted by another kernel launched with the same grid.
struct ShapeKey {
  runtime_heap::string kernel;
  uint64_t blocks;
  uint64_t threads;
  bool operator<(const ShapeKey& other) const {
    return std::tie(kernel, blocks, threads) < std::tie(other.kernel, other.blocks, other.threads);
  }
};
bool g_sampled = false;
bool g_overflowed = false;  // a counted block made more notes than kMostNotesPerBlock
// The counts live in the runtime's own heap (runtime_heap.h), out of the file's reach.
runtime_heap::map<ShapeKey, cudagrade::LaunchShapeCost> g_shapes;
cudagrade::LaunchShapeCost* g_launch = nullptr;  // the running launch's shape, while an efficiency case counts
uint64_t g_launch_dram_before = 0;
unsigned g_block_limit = kSampledBlocks;
runtime_heap::unique_ptr<SectorCache> g_cache;  // only while an efficiency case counts
runtime_heap::vector<Note> g_notes;
runtime_heap::map<Key, Totals> g_totals;

struct Cost {
  uint32_t units = 0;
  uint32_t ideal = 0;
};

// A warp instruction is at most 32 lanes, so every buffer below has a fixed size and counting allocates
// nothing: an efficiency case counts every block, and allocating per instruction was most of its time.
constexpr size_t kLanes = 32;
using Instruction = std::array<const Note*, kLanes>;

// Global memory moves 32-byte sectors: the instruction costs the distinct sectors its lanes touch, and at
// best the lanes' bytes packed together.
Cost global_cost(const Instruction& lanes, size_t count) {
  std::array<uintptr_t, 2 * kLanes> sectors;
  size_t used = 0;
  for (size_t i = 0; i < count; ++i) {
    sectors[used++] = lanes[i]->address >> 5;
    sectors[used++] = (lanes[i]->address + lanes[i]->size - 1) >> 5;
  }
  std::sort(sectors.begin(), sectors.begin() + used);
  const auto distinct = static_cast<uint32_t>(std::unique(sectors.begin(), sectors.begin() + used) - sectors.begin());
  const size_t bytes = count * lanes[0]->size;
  return {distinct, static_cast<uint32_t>((bytes + 31) / 32)};
}

// Shared memory has 32 banks of 4-byte words and serves a warp in phases of 128 bytes (all 32 lanes of 4-byte
// accesses, 16 lanes of 8-byte ones, 8 of 16-byte ones). In a phase, lanes that need different words of one
// bank wait for each other, one wavefront per word; lanes that need the same word share it (a broadcast).
Cost shared_cost(const Instruction& lanes, size_t count) {
  const size_t size = std::max<size_t>(lanes[0]->size, 4);
  const size_t lanes_per_phase = 128 / std::min<size_t>(size, 16);
  // At most 4 phases (16-byte accesses). A note is at most 16 bytes, so a lane asks for at most 5 words (16
  // unaligned bytes), and a phase holds at most every lane's: lanes of one code address may differ in size.
  constexpr size_t kMostPhases = kLanes / 8;
  constexpr size_t kMostWordsPerLane = 5;
  std::array<std::array<uintptr_t, kMostWordsPerLane * kLanes>, kMostPhases> words;  // per phase: words asked
  std::array<size_t, kMostPhases> used{};
  for (size_t i = 0; i < count; ++i) {
    const Note* lane = lanes[i];
    const size_t phase = static_cast<size_t>(lane->slot % 32) / lanes_per_phase;
    for (uintptr_t word = lane->address >> 2; word <= (lane->address + lane->size - 1) >> 2; ++word) {
      words[phase][used[phase]++] = word;
    }
  }
  Cost cost;
  for (size_t phase = 0; phase < kMostPhases; ++phase) {
    if (used[phase] == 0) continue;
    auto begin = words[phase].begin(), end = begin + static_cast<std::ptrdiff_t>(used[phase]);
    std::sort(begin, end);
    end = std::unique(begin, end);
    std::array<uint32_t, 32> per_bank{};  // distinct words asked of each bank
    uint32_t most = 1;
    for (auto word = begin; word != end; ++word) most = std::max(most, ++per_bank[*word % 32]);
    cost.units += most;
    cost.ideal += 1;
  }
  return cost;
}

// One warp's notes at one code address, in the order the lanes made them: the k-th of every lane that has one
// makes the warp's k-th instruction.
void add_instructions(const std::vector<const Note*>& notes, Totals& totals) {
  static std::array<std::vector<const Note*>, kLanes> by_lane;  // kept between calls: their storage is reused
  for (auto& lane : by_lane) lane.clear();
  for (const Note* note : notes) by_lane[static_cast<size_t>(note->slot % 32)].push_back(note);
  size_t count = 0;
  for (const auto& lane : by_lane) count = std::max(count, lane.size());
  Instruction instruction;
  for (size_t k = 0; k < count; ++k) {
    size_t lanes = 0;
    for (const auto& lane : by_lane) {
      if (k < lane.size()) instruction[lanes++] = lane[k];
    }
    const Cost cost = notes.front()->space == Space::kGlobal ? global_cost(instruction, lanes)
                                                             : shared_cost(instruction, lanes);
    totals.size = notes.front()->size;
    totals.instructions += 1;
    totals.units += cost.units;
    totals.ideal += cost.ideal;
    if (g_launch == nullptr) continue;
    const bool global = notes.front()->space == Space::kGlobal;
    if (global) g_launch->global_instructions += 1;
    const bool store = notes.front()->is_write;
    (global ? (store ? g_launch->global_store_sectors : g_launch->global_load_sectors) : g_launch->shared_wavefronts) +=
        cost.units;
    (global ? (store ? g_launch->global_store_ideal_sectors : g_launch->global_load_ideal_sectors)
            : g_launch->shared_ideal_wavefronts) += cost.ideal;
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
size_t run_at(const runtime_heap::vector<Note>& notes, size_t at) {
  for (size_t run : {size_t{4}, size_t{2}}) {
    if (at + run <= notes.size() && splits_one_access(&notes[at], run)) return run;
  }
  return 1;
}

// A block's notes with each code address numbered (0, 1, ... in the order first seen), so that what follows
// looks a code address up once per note, not once per question.
struct NumberedNotes {
  runtime_heap::vector<Note>& notes;
  std::vector<uint32_t> pc_id;  // per note
  size_t pc_count = 0;
};

NumberedNotes number_code_addresses(runtime_heap::vector<Note>& notes) {
  NumberedNotes numbered{notes, std::vector<uint32_t>(notes.size()), 0};
  std::unordered_map<uintptr_t, uint32_t> ids;
  for (size_t at = 0; at < notes.size(); ++at) {
    numbered.pc_id[at] = ids.try_emplace(notes[at].pc, static_cast<uint32_t>(ids.size())).first->second;
  }
  numbered.pc_count = ids.size();
  return numbered;
}

void merge_split_accesses(NumberedNotes& numbered) {
  runtime_heap::vector<Note>& notes = numbered.notes;
  std::vector<size_t> runs(numbered.pc_count), occurrences(numbered.pc_count);  // by code address
  std::vector<uint8_t> run_length(notes.size());
  for (size_t at = 0; at < notes.size(); ++at) {
    ++occurrences[numbered.pc_id[at]];
    run_length[at] = static_cast<uint8_t>(run_at(notes, at));
    if (run_length[at] > 1) ++runs[numbered.pc_id[at]];
  }
  // In place: a note is read (and its run measured, above) before anything is written over it.
  size_t kept = 0;
  for (size_t at = 0; at < notes.size(); ++kept) {
    const size_t count = run_length[at];
    const uint32_t pc = numbered.pc_id[at];
    const bool always = count > 1 && runs[pc] == occurrences[pc];
    notes[kept] = notes[at];
    numbered.pc_id[kept] = pc;
    if (always) notes[kept].size = static_cast<uint8_t>(4 * count);
    at += always ? count : 1;
  }
  notes.resize(kept);
  numbered.pc_id.resize(kept);
}

// The notes of one warp instruction's group: one code address, space and direction in one warp, in the order
// they were made, which keeps each lane's own order.
struct Group {
  Key key;
  std::vector<const Note*> notes;
};

// Groups by code address first (a counting pass over the numbers), then within one code address by warp,
// space and direction, in that order. A key's totals take the bytes per lane of its last group, so the groups
// of one code address go out warp by warp, as a sort by (code address, space, direction, warp) has them.
std::vector<Group> group_notes(const NumberedNotes& numbered) {
  const runtime_heap::vector<Note>& notes = numbered.notes;
  std::vector<std::vector<size_t>> by_pc(numbered.pc_count);
  for (size_t at = 0; at < notes.size(); ++at) by_pc[numbered.pc_id[at]].push_back(at);
  std::vector<Group> groups;
  std::array<std::vector<const Note*>, 4 * kLanes> by_warp;  // by warp, then space, then direction
  for (const std::vector<size_t>& ats : by_pc) {
    for (size_t at : ats) {
      const Note& note = notes[at];
      by_warp[static_cast<size_t>(note.slot / 32) * 4 + static_cast<size_t>(note.space) * 2 + note.is_write]
          .push_back(&note);
    }
    for (std::vector<const Note*>& group : by_warp) {
      if (group.empty()) continue;
      const Note& first = *group.front();
      groups.push_back({{first.pc, first.space, first.is_write}, std::move(group)});
      group.clear();  // moved from: empty again, for the next code address
    }
  }
  return groups;
}

}  // namespace

void count_every_block(uint64_t cache_bytes) {
  g_on = true;
  g_block_limit = std::numeric_limits<unsigned>::max();
  g_cache = runtime_heap::make_unique<SectorCache>(cache_bytes);
  g_shapes.clear();
  g_overflowed = false;
}

namespace {

uint64_t dram_bytes_so_far() { return g_cache->dram_read_bytes() + g_cache->dram_write_bytes(); }

// The record a launch of this shape adds to: its own, or past kMostLaunchShapes the kept one with fewest threads.
cudagrade::LaunchShapeCost& shape_record(const ShapeKey& key) {
  if (g_shapes.size() < kMostLaunchShapes || g_shapes.count(key) != 0) {
    cudagrade::LaunchShapeCost& record = g_shapes[key];
    record.blocks = key.blocks;
    record.threads_per_block = key.threads;
    return record;
  }
  auto fewest = g_shapes.begin();
  for (auto it = g_shapes.begin(); it != g_shapes.end(); ++it) {
    if (it->first.blocks * it->first.threads < fewest->first.blocks * fewest->first.threads) fewest = it;
  }
  return fewest->second;
}

}  // namespace

void begin_launch(const char* kernel, uint64_t blocks, uint64_t threads_per_block) {
  if (!g_on || !g_cache) return;
  g_launch = &shape_record({kernel, blocks, threads_per_block});
  g_launch->launches += 1;
  g_launch_dram_before = dram_bytes_so_far();
}

void end_launch() {
  if (g_launch == nullptr) return;
  if (g_cache) g_launch->dram_bytes += dram_bytes_so_far() - g_launch_dram_before;
  g_launch = nullptr;
}

void begin_block(unsigned linear_block) {
  g_sampled = g_on && linear_block < g_block_limit;
  g_notes.clear();
}

void note(uintptr_t address, size_t size, bool is_write, Space space, uintptr_t pc, int slot) {
  if (!g_sampled) return;
  if (g_cache && space == Space::kGlobal) g_cache->access(address, size, is_write);
  if (size == 0 || size > 16) return;
  if (g_notes.size() >= kMostNotesPerBlock) {
    g_overflowed = true;
    return;
  }
  g_notes.push_back({pc, address, static_cast<int16_t>(slot), static_cast<uint8_t>(size), is_write, space});
}

void end_block() {
  if (!g_sampled || g_notes.empty()) return;
  NumberedNotes numbered = number_code_addresses(g_notes);
  merge_split_accesses(numbered);
  for (const Group& group : group_notes(numbered)) add_instructions(group.notes, g_totals[group.key]);
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

std::string take_launch_costs() {
  std::string field = g_overflowed ? "0:" : "1:";
  bool first = true;
  for (const auto& [shape, cost] : g_shapes) {
    if (!first) field += ';';
    field += cudagrade::launch_cost_text(cost);
    first = false;
  }
  g_shapes.clear();
  g_overflowed = false;
  return field;
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
