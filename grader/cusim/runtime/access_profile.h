// What a warp's memory instructions cost, per code address, for `cudagrade check --profile`: how many
// 32-byte sectors each global load or store touches, against the fewest it could (coalescing), and how many
// shared-memory wavefronts each takes, against the fewest (bank conflicts), as Nsight Compute counts them.
//
// The simulator runs a warp's threads one after another, so a warp-level instruction is rebuilt: the k-th
// time each lane of a warp executes the access at one code address is that warp's k-th instruction there.
// Lanes that skip an iteration of a loop the others run shift that count (divergence); the lectures'
// kernels keep their loops uniform. Only the first kSampledBlocks blocks of each launch are counted: enough
// for the pattern, and cheap on large grids. Off (one test of a flag per access) unless the grader asks.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

namespace cusim::profile {

enum class Space : uint8_t { kGlobal, kShared };

inline constexpr unsigned kSampledBlocks = 8;

// Set by the runner for a profiled request; read at every access.
extern bool g_on;

void begin_block(unsigned linear_block);
void note(uintptr_t address, size_t size, bool is_write, Space space, uintptr_t pc, int slot);
void end_block();

// What was counted since the last call, then forgotten: one record per code address, space and direction,
// "<code offset>,<g|s>,<l|s>,<bytes per lane>,<instructions>,<units>,<ideal units>" joined by ';', where
// units are sectors (global) or wavefronts (shared). The code offset is in hex, for addr2line.
std::string take_report();

}  // namespace cusim::profile
