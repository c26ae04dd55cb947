// The cache model on access streams whose DRAM traffic is worked out by hand.
#include "cusim/runtime/sector_cache.h"

#include <catch2/catch.hpp>

namespace cusim {
namespace {

TEST_CASE("a stream that fits is read from DRAM once, however often it is read", "[sector_cache]") {
  SectorCache cache(1024);  // 32 sectors
  for (int pass = 0; pass < 3; ++pass) {
    for (uintptr_t word = 0; word < 256; ++word) cache.access(0x1000 + 4 * word, 4, false);  // 1 KiB, 32 sectors
  }
  CHECK(cache.dram_read_bytes() == 1024);
  cache.flush();
  CHECK(cache.dram_write_bytes() == 0);  // nothing was written
}

TEST_CASE("LRU: a cyclic stream one sector larger than the cache misses on every access", "[sector_cache]") {
  SectorCache cache(4 * 32);  // 4 sectors
  for (int pass = 0; pass < 3; ++pass) {
    for (uintptr_t sector = 0; sector < 5; ++sector) cache.access(sector * 32, 4, false);
  }
  // Each access evicts the sector the cycle needs next: 15 misses of 32 bytes.
  CHECK(cache.dram_read_bytes() == 15 * 32);
}

TEST_CASE("LRU keeps what was used last: a sector touched between misses stays", "[sector_cache]") {
  SectorCache cache(2 * 32);
  cache.access(0, 4, false);    // miss: {0}
  cache.access(32, 4, false);   // miss: {32, 0}
  cache.access(0, 4, false);    // hit:  {0, 32}
  cache.access(64, 4, false);   // miss, evicts 32: {64, 0}
  cache.access(0, 4, false);    // hit
  cache.access(32, 4, false);   // miss, evicts 0
  CHECK(cache.dram_read_bytes() == 4 * 32);
}

TEST_CASE("a store allocates without reading and is written back once, on eviction or flush", "[sector_cache]") {
  SectorCache cache(2 * 32);
  cache.access(0, 32, true);     // store miss: no read, dirty
  cache.access(4, 4, false);     // a read of the stored sector hits
  CHECK(cache.dram_read_bytes() == 0);
  cache.access(0, 4, true);      // stored again: still one dirty sector
  cache.access(32, 4, false);    // miss: read
  cache.access(64, 4, false);    // miss: evicts sector 0, dirty: written back
  CHECK(cache.dram_read_bytes() == 2 * 32);
  CHECK(cache.dram_write_bytes() == 32);
  cache.access(96, 4, true);     // store miss: evicts sector 1 (clean)
  cache.flush();                 // sector 3 is dirty, sector 2 clean
  CHECK(cache.dram_write_bytes() == 2 * 32);
}

TEST_CASE("an access that straddles sectors touches each; a 16-byte access within one touches one",
          "[sector_cache]") {
  SectorCache cache(1 << 20);
  cache.access(28, 8, false);  // bytes 28..35: sectors 0 and 1
  CHECK(cache.dram_read_bytes() == 64);
  cache.access(64, 16, false);
  CHECK(cache.dram_read_bytes() == 96);
}

TEST_CASE("an uncoalesced column walk of a row-major matrix that overflows the cache reads a sector per element",
          "[sector_cache]") {
  // 64 x 64 floats, 16 KiB: a row is 8 sectors. A column's walk touches 64 sectors, one a row; the next 7
  // columns need the same 64. With a 4 KiB cache (128 sectors) they are still there: 512 sectors, read once.
  SectorCache fits(4096);
  for (int col = 0; col < 64; ++col) {
    for (int row = 0; row < 64; ++row) fits.access(static_cast<uintptr_t>(4 * (row * 64 + col)), 4, false);
  }
  CHECK(fits.dram_read_bytes() == 16384);
  // With 32 sectors, a column's 64 sectors do not fit: every element misses, 4096 x 32 bytes (8x the matrix).
  SectorCache small(1024);
  for (int col = 0; col < 64; ++col) {
    for (int row = 0; row < 64; ++row) small.access(static_cast<uintptr_t>(4 * (row * 64 + col)), 4, false);
  }
  CHECK(small.dram_read_bytes() == 4096 * 32);
}

}  // namespace
}  // namespace cusim
