// The cache model behind the efficiency metric dram_bytes_ratio (model/efficiency.h): one LRU cache of 32-byte
// sectors between the kernels' global accesses and DRAM, standing for a GPU's L2.
//
// What it models: a sector read that misses is 32 bytes read from DRAM; a store allocates its sector without
// reading it (the L2 keeps a byte mask per sector, so a store never fetches what it overwrites) and marks it
// dirty; a dirty sector is written back, 32 bytes, when it is evicted or when the count ends (flush).
// What it does not: L1 (each SM's own cache, which a kernel reading through shared memory bypasses anyway),
// associativity and sets (it is fully associative), the L2's two partitions, prefetching, and compression.
// Accesses arrive in the simulator's order: one block after another, a block's threads one after another
// between barriers, where a GPU runs many blocks at once. So reuse between blocks is that of a sequential
// block order; the grader sizes the cache to the problem (EfficiencyRule::cache_fraction) for that reason.
#pragma once

#include <cstddef>
#include <cstdint>
#include <list>
#include <unordered_map>

#include "cusim/runtime/runtime_heap.h"

namespace cusim {

class SectorCache {
 public:
  static constexpr size_t kSectorBytes = 32;

  explicit SectorCache(uint64_t capacity_bytes);

  // Every sector of [address, address + size) in turn.
  void access(uintptr_t address, size_t size, bool is_write);
  // Writes back every dirty sector (the kernel's results reach DRAM in the end) and empties the cache.
  void flush();

  uint64_t dram_read_bytes() const { return read_bytes_; }
  uint64_t dram_write_bytes() const { return write_bytes_; }
  size_t capacity_sectors() const { return capacity_sectors_; }

 private:
  struct Line {
    uintptr_t sector;
    bool dirty;
  };
  void touch(uintptr_t sector, bool is_write);
  void evict_oldest();

  size_t capacity_sectors_;
  // In the runtime's own heap (runtime_heap.h), as the counts are.
  using Lines = std::list<Line, runtime_heap::Allocator<Line>>;
  Lines lines_;  // most recently used first
  std::unordered_map<uintptr_t, Lines::iterator, std::hash<uintptr_t>, std::equal_to<uintptr_t>,
                     runtime_heap::Allocator<std::pair<const uintptr_t, Lines::iterator>>>
      where_;
  uint64_t read_bytes_ = 0;
  uint64_t write_bytes_ = 0;
};

}  // namespace cusim
