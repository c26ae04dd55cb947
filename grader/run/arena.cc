#include "run/arena.h"

#include <fcntl.h>
#include <sys/mman.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <stdexcept>
#include <system_error>

namespace cudagrade {
namespace {

uint64_t round_up(uint64_t value, uint64_t multiple) { return (value + multiple - 1) / multiple * multiple; }

[[noreturn]] void fail(const std::string& what) { throw std::system_error(errno, std::generic_category(), what); }

}  // namespace

uint32_t poison_word(ElementType type) { return type == ElementType::kFloat32 ? kFloatPoison : kIntPoison; }

uint64_t guard_bytes_for(size_t element_count) {
  const uint64_t data_bytes = element_count * protocol::kElementBytes;
  return round_up(std::clamp<uint64_t>(data_bytes / 4, 64 << 10, 16 << 20), protocol::kRegionAlignment);
}

Arena::Arena(const std::filesystem::path& path, const std::vector<Workload>& sets) : path_(path) {
  if (sets.empty() || sets[0].buffers.empty()) throw std::invalid_argument("an arena needs at least one buffer");
  set_count_ = sets.size();
  buffer_count_ = sets[0].buffers.size();
  uint64_t offset = round_up(sizeof(protocol::ArenaHeader) + set_count_ * buffer_count_ * sizeof(protocol::ArenaBuffer),
                             protocol::kRegionAlignment);
  std::vector<protocol::ArenaBuffer> table;
  for (const Workload& set : sets) {
    if (set.buffers.size() != buffer_count_) throw std::invalid_argument("arena sets differ in layout");
    for (const HostBuffer& buffer : set.buffers) {
      protocol::ArenaBuffer entry{};
      entry.role = static_cast<uint32_t>(buffer.role);
      entry.element_type = static_cast<uint32_t>(buffer.type);
      entry.element_count = buffer.size();
      entry.guard_bytes = guard_bytes_for(buffer.size());
      entry.file_offset = offset;
      offset = round_up(offset + protocol::region_bytes(entry), protocol::kRegionAlignment);
      table.push_back(entry);
    }
  }
  size_ = offset;

  int fd = open(path_.c_str(), O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
  if (fd < 0) fail("cannot create arena " + path_.string());
  // Reserving the space now turns a full tmpfs into an error here rather than a SIGBUS while filling it.
  if (int error = posix_fallocate(fd, 0, static_cast<off_t>(size_)); error != 0) {
    close(fd);
    std::filesystem::remove(path_);
    errno = error;
    fail("no room for a " + std::to_string(size_ >> 20) + " MiB arena at " + path_.string());
  }
  void* base = mmap(nullptr, size_, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
  close(fd);
  if (base == MAP_FAILED) fail("cannot map arena " + path_.string());
  base_ = static_cast<char*>(base);

  protocol::ArenaHeader header{};
  std::memcpy(header.magic, protocol::kArenaMagic, sizeof header.magic);
  header.buffer_count = static_cast<uint32_t>(buffer_count_);
  header.set_count = static_cast<uint32_t>(set_count_);
  header.dim_count = static_cast<uint32_t>(std::min<size_t>(sets[0].dims.size(), protocol::kMaxDims));
  std::copy_n(sets[0].dims.begin(), header.dim_count, header.dims);
  std::memcpy(base_, &header, sizeof header);
  std::memcpy(base_ + sizeof header, table.data(), table.size() * sizeof(protocol::ArenaBuffer));
  fill(sets);
}

uint64_t Arena::bytes_needed(const std::vector<Workload>& sets) {
  uint64_t bytes = round_up(sizeof(protocol::ArenaHeader) +
                                sets.size() * sets.at(0).buffers.size() * sizeof(protocol::ArenaBuffer),
                            protocol::kRegionAlignment);
  for (const Workload& set : sets) {
    for (const HostBuffer& buffer : set.buffers) {
      bytes += round_up(2 * guard_bytes_for(buffer.size()) + buffer.size() * protocol::kElementBytes,
                        protocol::kRegionAlignment);
    }
  }
  return bytes;
}

Arena::~Arena() {
  if (base_ != nullptr) munmap(base_, size_);
  std::error_code ignored;
  std::filesystem::remove(path_, ignored);
}

void Arena::fill(const std::vector<Workload>& sets) {
  for (size_t set = 0; set < set_count_; ++set) {
    for (size_t index = 0; index < buffer_count_; ++index) {
      const HostBuffer& buffer = sets[set].buffers[index];
      const protocol::ArenaBuffer& entry = descriptor(set, index);
      std::span<uint32_t> region = words_at(entry.file_offset, protocol::region_bytes(entry));
      std::fill(region.begin(), region.end(), protocol::kGuardWord);
      std::span<uint32_t> data = region.subspan(entry.guard_bytes / protocol::kElementBytes, buffer.size());
      switch (buffer.role) {
        case BufferRole::kInput: std::copy(buffer.words.begin(), buffer.words.end(), data.begin()); break;
        case BufferRole::kOutput: std::fill(data.begin(), data.end(), poison_word(buffer.type)); break;
        case BufferRole::kScratch: std::fill(data.begin(), data.end(), kScratchGarbage); break;
      }
    }
  }
}

const protocol::ArenaBuffer& Arena::descriptor(size_t set, size_t buffer) const {
  const auto* table = reinterpret_cast<const protocol::ArenaBuffer*>(base_ + sizeof(protocol::ArenaHeader));
  return table[set * buffer_count_ + buffer];
}

std::span<uint32_t> Arena::words_at(uint64_t offset, uint64_t bytes) const {
  return {reinterpret_cast<uint32_t*>(base_ + offset), bytes / protocol::kElementBytes};
}

std::span<const uint32_t> Arena::data(size_t set, size_t buffer) const {
  const protocol::ArenaBuffer& entry = descriptor(set, buffer);
  return words_at(entry.file_offset + entry.guard_bytes, entry.element_count * protocol::kElementBytes);
}

std::span<const uint32_t> Arena::front_guard(size_t set, size_t buffer) const {
  const protocol::ArenaBuffer& entry = descriptor(set, buffer);
  return words_at(entry.file_offset, entry.guard_bytes);
}

std::span<const uint32_t> Arena::back_guard(size_t set, size_t buffer) const {
  const protocol::ArenaBuffer& entry = descriptor(set, buffer);
  return words_at(entry.file_offset + entry.guard_bytes + entry.element_count * protocol::kElementBytes,
                  entry.guard_bytes);
}

ReturnedSet Arena::returned(size_t set) const {
  ReturnedSet result;
  for (size_t buffer = 0; buffer < buffer_count_; ++buffer) result.data.push_back(data(set, buffer));
  return result;
}

}  // namespace cudagrade
