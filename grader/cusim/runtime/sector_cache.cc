#include "cusim/runtime/sector_cache.h"

#include <algorithm>

namespace cusim {

SectorCache::SectorCache(uint64_t capacity_bytes)
    : capacity_sectors_(static_cast<size_t>(std::max<uint64_t>(capacity_bytes / kSectorBytes, 1))) {
  where_.reserve(std::min<size_t>(capacity_sectors_, size_t{1} << 20));
}

void SectorCache::access(uintptr_t address, size_t size, bool is_write) {
  if (size == 0) return;
  for (uintptr_t sector = address / kSectorBytes; sector <= (address + size - 1) / kSectorBytes; ++sector) {
    touch(sector, is_write);
  }
}

void SectorCache::touch(uintptr_t sector, bool is_write) {
  const auto found = where_.find(sector);
  if (found != where_.end()) {
    found->second->dirty = found->second->dirty || is_write;
    lines_.splice(lines_.begin(), lines_, found->second);
    return;
  }
  if (!is_write) read_bytes_ += kSectorBytes;
  if (lines_.size() == capacity_sectors_) evict_oldest();
  lines_.push_front({sector, is_write});
  where_.emplace(sector, lines_.begin());
}

void SectorCache::evict_oldest() {
  const Line& oldest = lines_.back();
  if (oldest.dirty) write_bytes_ += kSectorBytes;
  where_.erase(oldest.sector);
  lines_.pop_back();
}

void SectorCache::flush() {
  while (!lines_.empty()) evict_oldest();
}

}  // namespace cusim
