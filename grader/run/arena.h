// The grader's side of the arena file (see run/protocol.h): lays out every buffer of every set with its
// guard zones, poisons outputs, and gives read access to what the runner copied back.
#pragma once

#include <filesystem>
#include <span>
#include <vector>

#include "labs/workload.h"

namespace cudagrade {

// "Never written" markers. An output element still holding its poison was not written by the student;
// the float poison is a NaN with a payload, so it cannot be confused with a NaN the student computed.
inline constexpr uint32_t kFloatPoison = 0x7FC0FFEEu;
inline constexpr uint32_t kIntPoison = 0x7EADBEEFu;
inline constexpr uint32_t kScratchGarbage = 0xCDCDCDCDu;

uint32_t poison_word(ElementType type);
// Guard zone size on each side of a buffer: large enough to catch a whole tile row written past the end.
uint64_t guard_bytes_for(size_t element_count);

class Arena {
 public:
  // Creates the file at `path` (which must not exist) holding every set; sets must share one layout.
  // Throws std::system_error when the file system has no room for it.
  Arena(const std::filesystem::path& path, const std::vector<Workload>& sets);

  // The size of the file an arena of these sets needs.
  static uint64_t bytes_needed(const std::vector<Workload>& sets);
  ~Arena();
  Arena(const Arena&) = delete;
  Arena& operator=(const Arena&) = delete;

  const std::filesystem::path& path() const { return path_; }
  size_t set_count() const { return set_count_; }
  size_t buffer_count() const { return buffer_count_; }

  std::span<const uint32_t> data(size_t set, size_t buffer) const;
  std::span<const uint32_t> front_guard(size_t set, size_t buffer) const;
  std::span<const uint32_t> back_guard(size_t set, size_t buffer) const;
  ReturnedSet returned(size_t set) const;

 private:
  const protocol::ArenaBuffer& descriptor(size_t set, size_t buffer) const;
  std::span<uint32_t> words_at(uint64_t offset, uint64_t bytes) const;
  void fill(const std::vector<Workload>& sets);

  std::filesystem::path path_;
  size_t set_count_ = 0;
  size_t buffer_count_ = 0;
  char* base_ = nullptr;
  size_t size_ = 0;
};

}  // namespace cudagrade
