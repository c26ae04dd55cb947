#include "run/arena.h"

#include <fcntl.h>
#include <sys/mman.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <cstring>
#include <stdexcept>
#include <system_error>

#include "core/parallel.h"
#include "core/phase_clock.h"

namespace cudagrade {
namespace {

uint64_t round_up(uint64_t value, uint64_t multiple) {
  return (value + multiple - 1) / multiple * multiple;
}

[[noreturn]] void fail(int error, const std::string& what) {
  throw std::system_error(error, std::generic_category(), what);
}

uint64_t table_bytes(size_t entries) {
  return round_up(sizeof(protocol::ArenaHeader) + entries * sizeof(protocol::ArenaBuffer), protocol::kRegionAlignment);
}

uint64_t region_footprint(uint64_t data_bytes) {
  return round_up(2 * guard_bytes_for(data_bytes) + data_bytes, protocol::kRegionAlignment);
}

}  // namespace

uint64_t guard_bytes_for(uint64_t data_bytes) {
  return round_up(std::clamp<uint64_t>(data_bytes / 4, 64 << 10, 16 << 20), protocol::kRegionAlignment);
}

uint64_t Arena::bytes_needed(std::span<const Workload> sets) {
  if (sets.empty()) throw std::invalid_argument("an arena needs at least one buffer");
  uint64_t bytes = table_bytes(sets.size() * sets.front().buffers.size());
  for (const Workload& set : sets) {
    for (const HostBuffer& buffer : set.buffers) bytes += region_footprint(buffer.data_bytes());
  }
  return bytes;
}

Arena::Arena(const std::filesystem::path& path, std::span<const Workload> sets, ReadBack read_back)
    : path_(path), read_back_(read_back) {
  if (sets.empty() || sets[0].buffers.empty()) throw std::invalid_argument("an arena needs at least one buffer");
  set_count_ = sets.size();
  buffer_count_ = sets[0].buffers.size();
  uint64_t offset = table_bytes(set_count_ * buffer_count_);
  for (const Workload& set : sets) {
    if (set.buffers.size() != buffer_count_) throw std::invalid_argument("arena sets differ in layout");
    for (const HostBuffer& buffer : set.buffers) {
      protocol::ArenaBuffer entry{};
      entry.role = static_cast<uint32_t>(buffer.role);
      entry.element_type = static_cast<uint32_t>(buffer.type);
      entry.element_count = buffer.size();
      entry.guard_bytes = guard_bytes_for(buffer.data_bytes());
      entry.file_offset = offset;
      offset += region_footprint(buffer.data_bytes());
      table_.push_back(entry);
    }
  }
  size_ = offset;

  fd_ = open(path_.c_str(), O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
  if (fd_ < 0) fail(errno, "cannot create arena " + path_.string());
  try {
    if (ftruncate(fd_, static_cast<off_t>(size_)) != 0) fail(errno, "cannot size the arena " + path_.string());
    protocol::ArenaHeader header{};
    std::memcpy(header.magic, protocol::kArenaMagic, sizeof header.magic);
    header.buffer_count = static_cast<uint32_t>(buffer_count_);
    header.set_count = static_cast<uint32_t>(set_count_);
    header.dim_count = static_cast<uint32_t>(std::min<size_t>(sets[0].dims.size(), protocol::kMaxDims));
    std::copy_n(sets[0].dims.begin(), header.dim_count, header.dims);
    write_at(0, &header, sizeof header);
    write_at(sizeof header, table_.data(), table_.size() * sizeof(protocol::ArenaBuffer));
    fill(sets);
  } catch (...) {
    remove_file();
    throw;
  }
}

Arena::~Arena() {
  if (mapped_ != nullptr) munmap(mapped_, size_);
  remove_file();
}

void Arena::remove_file() {
  if (fd_ < 0) return;
  close(fd_);
  fd_ = -1;
  std::error_code ignored;
  std::filesystem::remove(path_, ignored);
}

// pwrite, not a mapping: a full tmpfs is then ENOSPC here rather than a SIGBUS while filling, and on tmpfs it
// is about twice as fast as reserving, mapping and writing the pages (measured: 175 against 440 ms for 420 MiB).
void Arena::write_at(uint64_t offset, const void* bytes, size_t count) {
  const char* from = static_cast<const char*>(bytes);
  size_t done = 0;
  while (done < count) {
    ssize_t wrote = pwrite(fd_, from + done, count - done, static_cast<off_t>(offset + done));
    if (wrote < 0 && errno == EINTR) continue;
    if (wrote <= 0) {
      fail(wrote < 0 ? errno : ENOSPC,
           "no room for a " + std::to_string(size_ >> 20) + " MiB arena at " + path_.string());
    }
    done += static_cast<size_t>(wrote);
  }
}

void Arena::write_repeated(uint64_t offset, uint64_t pattern, size_t pattern_bytes, uint64_t bytes) {
  constexpr size_t kBlockBytes = 1 << 20;  // a multiple of every pattern's size, so blocks join seamlessly
  std::vector<std::byte> block(static_cast<size_t>(std::min<uint64_t>(bytes, kBlockBytes)));
  for (size_t at = 0; at < block.size(); ++at) {
    block[at] = static_cast<std::byte>(pattern >> (8 * (at % pattern_bytes)));
  }
  for (uint64_t at = 0; at < bytes; at += block.size()) {
    write_at(offset + at, block.data(), static_cast<size_t>(std::min<uint64_t>(block.size(), bytes - at)));
  }
}

void Arena::fill(std::span<const Workload> sets) {
  ScopedPhase phase("  arena: write");
  for (size_t set = 0; set < set_count_; ++set) {
    for (size_t index = 0; index < buffer_count_; ++index) {
      const HostBuffer& buffer = sets[set].buffers[index];
      const protocol::ArenaBuffer& entry = descriptor(set, index);
      const uint64_t data = entry.file_offset + entry.guard_bytes;
      const uint64_t data_bytes = buffer.data_bytes();
      const uint32_t guard = protocol::guard_word(static_cast<uint32_t>(index));
      write_repeated(entry.file_offset, guard, 4, entry.guard_bytes);
      switch (buffer.role) {
        case BufferRole::kInput:
        case BufferRole::kInOut: write_at(data, buffer.bytes.data(), data_bytes); break;
        case BufferRole::kOutput: write_repeated(data, poison_bits(buffer.type), buffer.width(), data_bytes); break;
        case BufferRole::kScratch: write_repeated(data, kScratchGarbage, 4, data_bytes); break;
      }
      write_repeated(data + data_bytes, guard, 4, entry.guard_bytes);
    }
  }
}

namespace {

// Reads [offset, offset + bytes) of the file into `into`; false when the file is shorter.
bool read_range(int fd, char* into, size_t offset, size_t bytes) {
  size_t done = 0;
  while (done < bytes) {
    ssize_t got = pread(fd, into + done, bytes - done, static_cast<off_t>(offset + done));
    if (got < 0 && errno == EINTR) continue;
    if (got <= 0) return false;
    done += static_cast<size_t>(got);
  }
  return true;
}

}  // namespace

// A copy, not a mapping: the runner may still hold the file, and what the grader judges must not change
// under it. Read in pieces on all cores, as it was written.
Arena::CollectOutcome Arena::collect() {
  ScopedPhase phase("arena: read back what the runner left");
  if (read_back_ == ReadBack::kMapTrusted) {
    void* base = mmap(nullptr, size_, PROT_READ, MAP_SHARED | MAP_POPULATE, fd_, 0);
    if (base == MAP_FAILED) fail(errno, "cannot map the arena " + path_.string());
    mapped_ = base;
    returned_ = static_cast<const std::byte*>(base);
    remove_file();  // the mapping keeps the pages
    return CollectOutcome::kCollected;
  }
  constexpr size_t kPieceBytes = size_t{16} << 20;
  copied_.reset(new std::byte[size_]);  // every byte is read over: no zeroing first
  char* base = reinterpret_cast<char*>(copied_.get());
  const int64_t pieces = static_cast<int64_t>((size_ + kPieceBytes - 1) / kPieceBytes);
  std::atomic<bool> short_file{false};
  parallel_for(pieces, [&](int64_t piece) {
    const size_t offset = static_cast<size_t>(piece) * kPieceBytes;
    if (!read_range(fd_, base + offset, offset, std::min(kPieceBytes, size_ - offset))) short_file = true;
  });
  remove_file();
  if (short_file) {
    copied_.reset();
    return CollectOutcome::kTampered;
  }
  returned_ = copied_.get();
  return CollectOutcome::kCollected;
}

const protocol::ArenaBuffer& Arena::descriptor(size_t set, size_t buffer) const {
  return table_.at(set * buffer_count_ + buffer);
}

std::span<const std::byte> Arena::bytes_at(uint64_t offset, uint64_t bytes) const {
  if (returned_ == nullptr) throw std::logic_error("arena read before collect()");
  return {returned_ + offset, bytes};
}

Elements Arena::data(size_t set, size_t buffer) const {
  const protocol::ArenaBuffer& entry = descriptor(set, buffer);
  const std::span<const std::byte> bytes = bytes_at(entry.file_offset + entry.guard_bytes, protocol::data_bytes(entry));
  return {bytes.data(), entry.element_count, static_cast<ElementType>(entry.element_type)};
}

std::span<const std::byte> Arena::front_guard(size_t set, size_t buffer) const {
  const protocol::ArenaBuffer& entry = descriptor(set, buffer);
  return bytes_at(entry.file_offset, entry.guard_bytes);
}

std::span<const std::byte> Arena::back_guard(size_t set, size_t buffer) const {
  const protocol::ArenaBuffer& entry = descriptor(set, buffer);
  return bytes_at(entry.file_offset + entry.guard_bytes + protocol::data_bytes(entry), entry.guard_bytes);
}

ReturnedSet Arena::returned(size_t set) const {
  ReturnedSet result;
  for (size_t buffer = 0; buffer < buffer_count_; ++buffer) result.data.push_back(data(set, buffer));
  return result;
}

}  // namespace cudagrade
