// The race checker's happens-before rules (race_checker.h): whether an earlier access is ordered before a new
// one, and whether a word's record is one no read can change (race_shadow.h's QuietWord). Inline, since every
// access that is not quiet asks them; the state they read is kept by race_checker.cc's events (launches,
// blocks, barriers, fences, a block's first atomic). Private to cusim's runtime.
#pragma once

#include <algorithm>
#include <cstdint>
#include <utility>
#include <vector>

#include "cusim/runtime/race_report.h"
#include "cusim/runtime/race_shadow.h"

namespace cusim::race {

extern uint32_t g_launch_phase;  // the first phase of the running launch
extern uint32_t g_block_phase;   // the first phase of the running block
// The "last block" handshake: a block that ran __threadfence() published what it did before; a later block
// that has used an atomic (g_block_acquired) may read it. Phase intervals [first, fence] of this launch's blocks.
extern runtime_heap::vector<std::pair<uint32_t, uint32_t>> g_published;
extern bool g_block_acquired;
extern uint16_t g_warp_phases[32];  // per warp of the running block, its __syncwarp count

inline bool published(uint32_t phase) {
  return std::any_of(g_published.begin(), g_published.end(),
                     [phase](const auto& interval) { return phase >= interval.first && phase <= interval.second; });
}

// A shift, not `slot / 32`: division of a signed 16-bit number compiled to an idiv on this hot path.
inline __attribute__((always_inline)) unsigned warp_of(int slot) { return static_cast<unsigned>(slot) >> 5; }

// Both slots are threads' (not negative).
inline __attribute__((always_inline)) bool ordered_in_block(const Access& earlier, const Access& now) {
  if (earlier.phase != now.phase || earlier.slot_bits == now.slot_bits) return true;
  return warp_of(earlier.slot()) == warp_of(now.slot()) && earlier.warp_phase != now.warp_phase;
}

// Ordered by a barrier, a fence or a launch, whatever kind of access each is.
template <Memory kMemory>
inline __attribute__((always_inline)) bool ordered_by_sync(const Access& earlier, const Access& now) {
  if (earlier.slot() < 0) return true;
  if constexpr (kMemory == Memory::kGlobal) {
    if (earlier.phase < g_launch_phase) return true;  // an earlier launch: launches on a stream are ordered
    if (earlier.phase < g_block_phase) return g_block_acquired && published(earlier.phase);
  }
  return ordered_in_block(earlier, now);
}

template <Memory kMemory>
inline __attribute__((always_inline)) bool ordered(const Access& earlier, const Access& now) {
  return (earlier.atomic && now.atomic) || ordered_by_sync<kMemory>(earlier, now);
}

// A read's quiet test (race_shadow.h's QuietWord), by parts. The last write is ordered before every read of
// this epoch whatever thread makes it: a copy's, an earlier phase's of this block, or (global memory) an earlier
// launch's. Not an earlier block's of this launch: whether that races depends on the reader's block's atomics.
template <Memory kMemory>
inline __attribute__((always_inline)) bool ordered_before_any_read(const Access& write) {
  if (write.slot() < 0) return true;
  if constexpr (kMemory == Memory::kGlobal) {
    if (write.phase < g_launch_phase) return true;
    if (write.phase < g_block_phase) return false;
  }
  return write.phase != g_phase;
}

// A reader that no other thread's plain read is ordered after until the epoch ends, so that such a read never
// replaces it: not atomic, and either of this phase with no __syncwarp in its warp since it read, or (global
// memory) of an earlier block of this launch whose work this block has not acquired. (The block's first
// atomic ends the epoch, since it may acquire.) The word's two readers of the tiled matmul's tiles are of this
// phase; the naive matmul's inputs are read by every block, and their two readers are of earlier blocks.
template <Memory kMemory>
inline __attribute__((always_inline)) bool unordered_with_other_readers(const Access& read) {
  if (read.slot() < 0 || read.atomic) return false;
  if (read.phase == g_phase) return read.warp_phase == g_warp_phases[warp_of(read.slot())];
  if constexpr (kMemory == Memory::kGlobal) {
    return read.phase >= g_launch_phase && read.phase < g_block_phase && !(g_block_acquired && published(read.phase));
  }
  return false;
}

template <Memory kMemory>
inline __attribute__((always_inline)) bool quiet_for_reads(const ShadowWord& word) {
  return ordered_before_any_read<kMemory>(word.write) && unordered_with_other_readers<kMemory>(word.first_read) &&
         unordered_with_other_readers<kMemory>(word.other_read);
}

}  // namespace cusim::race
