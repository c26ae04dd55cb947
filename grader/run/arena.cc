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

uint64_t round_up(uint64_t value, uint64_t multiple) {
  return (value + multiple - 1) / multiple * multiple;
}

[[noreturn]] void fail(int error, const std::string& what) {
  throw std::system_error(error, std::generic_category(), what);
}

uint64_t table_bytes(size_t entries) {
  return round_up(sizeof(protocol::ArenaHeader) + entries * sizeof(protocol::ArenaBuffer), protocol::kRegionAlignment);
}

uint64_t region_footprint(size_t element_count) {
  return round_up(2 * guard_bytes_for(element_count) + element_count * protocol::kElementBytes,
                  protocol::kRegionAlignment);
}

// The mapping used to write the arena, unmapped when writing is done.
class Mapping {
 public:
  Mapping(int fd, size_t size) : size_(size) {
    void* base = mmap(nullptr, size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
    if (base == MAP_FAILED) fail(errno, "cannot map the arena");
    base_ = static_cast<char*>(base);
  }
  ~Mapping() { munmap(base_, size_); }
  Mapping(const Mapping&) = delete;
  Mapping& operator=(const Mapping&) = delete;
  char* get() const { return base_; }

 private:
  char* base_ = nullptr;
  size_t size_;
};

}  // namespace

uint64_t guard_bytes_for(size_t element_count) {
  const uint64_t data_bytes = element_count * protocol::kElementBytes;
  return round_up(std::clamp<uint64_t>(data_bytes / 4, 64 << 10, 16 << 20), protocol::kRegionAlignment);
}

uint64_t Arena::bytes_needed(std::span<const Workload> sets) {
  if (sets.empty()) throw std::invalid_argument("an arena needs at least one buffer");
  uint64_t bytes = table_bytes(sets.size() * sets.front().buffers.size());
  for (const Workload& set : sets) {
    for (const HostBuffer& buffer : set.buffers) bytes += region_footprint(buffer.size());
  }
  return bytes;
}

Arena::Arena(const std::filesystem::path& path, std::span<const Workload> sets) : path_(path) {
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
      entry.guard_bytes = guard_bytes_for(buffer.size());
      entry.file_offset = offset;
      offset += region_footprint(buffer.size());
      table_.push_back(entry);
    }
  }
  size_ = offset;

  fd_ = open(path_.c_str(), O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
  if (fd_ < 0) fail(errno, "cannot create arena " + path_.string());
  try {
    // Reserving the space now turns a full tmpfs into an error here rather than a SIGBUS while filling it.
    if (int error = posix_fallocate(fd_, 0, static_cast<off_t>(size_)); error != 0) {
      fail(error, "no room for a " + std::to_string(size_ >> 20) + " MiB arena at " + path_.string());
    }
    Mapping mapping(fd_, size_);
    protocol::ArenaHeader header{};
    std::memcpy(header.magic, protocol::kArenaMagic, sizeof header.magic);
    header.buffer_count = static_cast<uint32_t>(buffer_count_);
    header.set_count = static_cast<uint32_t>(set_count_);
    header.dim_count = static_cast<uint32_t>(std::min<size_t>(sets[0].dims.size(), protocol::kMaxDims));
    std::copy_n(sets[0].dims.begin(), header.dim_count, header.dims);
    std::memcpy(mapping.get(), &header, sizeof header);
    std::memcpy(mapping.get() + sizeof header, table_.data(), table_.size() * sizeof(protocol::ArenaBuffer));
    fill(sets, mapping.get());
  } catch (...) {
    remove_file();
    throw;
  }
}

Arena::~Arena() {
  remove_file();
}

void Arena::remove_file() {
  if (fd_ < 0) return;
  close(fd_);
  fd_ = -1;
  std::error_code ignored;
  std::filesystem::remove(path_, ignored);
}

void Arena::fill(std::span<const Workload> sets, char* base) {
  for (size_t set = 0; set < set_count_; ++set) {
    for (size_t index = 0; index < buffer_count_; ++index) {
      const HostBuffer& buffer = sets[set].buffers[index];
      const protocol::ArenaBuffer& entry = descriptor(set, index);
      uint32_t* region = reinterpret_cast<uint32_t*>(base + entry.file_offset);
      const size_t guard_words = entry.guard_bytes / protocol::kElementBytes;
      uint32_t* data = region + guard_words;
      std::fill(region, data, protocol::kGuardWord);
      std::fill(data + buffer.size(), data + buffer.size() + guard_words, protocol::kGuardWord);
      switch (buffer.role) {
        case BufferRole::kInput: std::copy(buffer.words.begin(), buffer.words.end(), data); break;
        case BufferRole::kOutput: std::fill(data, data + buffer.size(), poison_word(buffer.type)); break;
        case BufferRole::kScratch: std::fill(data, data + buffer.size(), kScratchGarbage); break;
      }
    }
  }
}

Arena::CollectOutcome Arena::collect() {
  returned_.assign(size_ / protocol::kElementBytes, 0);
  char* cursor = reinterpret_cast<char*>(returned_.data());
  size_t done = 0;
  while (done < size_) {
    ssize_t got = pread(fd_, cursor + done, size_ - done, static_cast<off_t>(done));
    if (got < 0 && errno == EINTR) continue;
    if (got <= 0) break;
    done += static_cast<size_t>(got);
  }
  remove_file();
  if (done < size_) {
    returned_.clear();
    return CollectOutcome::kTampered;
  }
  return CollectOutcome::kCollected;
}

const protocol::ArenaBuffer& Arena::descriptor(size_t set, size_t buffer) const {
  return table_.at(set * buffer_count_ + buffer);
}

std::span<const uint32_t> Arena::words_at(uint64_t offset, uint64_t bytes) const {
  if (returned_.empty()) throw std::logic_error("arena read before collect()");
  return {returned_.data() + offset / protocol::kElementBytes, bytes / protocol::kElementBytes};
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
