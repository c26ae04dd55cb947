// What a warp's memory instructions cost, per code address, for `cudagrade check --profile`: how many
// 32-byte sectors each global load or store touches, against the fewest it could (coalescing), and how many
// shared-memory wavefronts each takes, against the fewest (bank conflicts), as Nsight Compute counts them.
//
// The simulator runs a warp's threads one after another, so a warp-level instruction is rebuilt: the k-th
// time each lane of a warp executes the access at one code address is that warp's k-th instruction there.
// Lanes that skip an iteration of a loop the others run shift that count (divergence); the lectures'
// kernels keep their loops uniform. Only the first kSampledBlocks blocks of each launch are counted: enough
// for the pattern, and cheap on large grids. Off (one test of a flag per access) unless the grader asks.
// An efficiency case (model/efficiency.h) asks for every block instead (count_every_block), and for the
// modelled DRAM traffic of every global access (sector_cache.h): its figures are totals, not a pattern.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

namespace cusim::profile {

enum class Space : uint8_t { kGlobal, kShared };

inline constexpr unsigned kSampledBlocks = 8;

// Set by the runner for a profiled request; read at every access.
extern bool g_on;

// Counts every block of every launch, and feeds every global access to a fresh cache of `cache_bytes`, until
// the next take_traffic(); sets g_on.
void count_every_block(uint64_t cache_bytes);

// Around every launch's blocks: what an efficiency case counts is also kept per kernel and launch shape (grid
// size and block size), for the modelled time of the whole call (check/modelled_time.h), whose parallelism is
// the launch's, and for the worst kernel's coalescing and bank conflicts (check/efficiency.h).
void begin_launch(const char* kernel, uint64_t blocks, uint64_t threads_per_block);
void end_launch();

void begin_block(unsigned linear_block);
void note(uintptr_t address, size_t size, bool is_write, Space space, uintptr_t pc, int slot);
void end_block();

// What was counted since the last call, then forgotten: one record per code address, space and direction,
// "<code offset>,<g|s>,<l|s>,<bytes per lane>,<instructions>,<units>,<ideal units>" joined by ';', where
// units are sectors (global) or wavefronts (shared). The code offset is in hex, for addr2line.
std::string take_report();

// The launches counted since count_every_block, by kernel and shape (the kernel's name is not written):
// "<complete>:" then records "<launches>,<blocks>,<threads per block>,<global load sectors>,<the fewest the
// loads could have touched>,<global store sectors>,<the fewest for the stores>,<global instructions>,<shared
// wavefronts>,<the fewest wavefronts the shared accesses' widths allow>,<DRAM bytes>" joined by ';'.
// <complete> is 0 when a block made more accesses than are counted (kMostNotesPerBlock), so that the totals
// fall short. At most kMostLaunchShapes records: a launch beyond them is added to the kept record with the
// fewest threads.
inline constexpr size_t kMostLaunchShapes = 256;
std::string take_launch_costs();

// The modelled DRAM traffic since count_every_block, the cache flushed first: "<bytes read>,<bytes written>";
// back to sampling the first blocks, with no cache.
std::string take_traffic();

}  // namespace cusim::profile
