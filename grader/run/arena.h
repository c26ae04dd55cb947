// The grader's side of the arena file (see run/protocol.h): lays out every buffer of every set with its
// guard zones, poisons outputs, and gives read access to what the runner copied back.
//
// The runner (and so the student's host code) can write the file, so nothing is read back from it but
// buffer contents: the layout stays in this object, and the contents are copied out with pread() once
// the runner has answered. A file the student truncated then reads short instead of killing the grader
// with SIGBUS through a mapping, and a runner still alive cannot change what is being judged. Only a trusted
// runner's arena (a reference's, a baseline's) is read through a mapping instead, saving the copy.
#pragma once

#include <filesystem>
#include <memory>
#include <span>
#include <vector>

#include "model/workload.h"

namespace cudagrade {

// Guard zone size on each side of a buffer of `data_bytes`: large enough to catch a whole tile row written
// past the end.
uint64_t guard_bytes_for(uint64_t data_bytes);

class Arena {
 public:
  // Creates the file at `path` (which must not exist) holding every set; sets must share one layout.
  // Throws std::system_error when the file system has no room for it.
  enum class ReadBack { kCopy, kMapTrusted };
  Arena(const std::filesystem::path& path, std::span<const Workload> sets, ReadBack read_back = ReadBack::kCopy);
  Arena(const std::filesystem::path& path, const std::vector<Workload>& sets)
      : Arena(path, std::span<const Workload>(sets)) {}

  // The size of the file an arena of these sets needs.
  static uint64_t bytes_needed(std::span<const Workload> sets);
  ~Arena();
  Arena(const Arena&) = delete;
  Arena& operator=(const Arena&) = delete;

  const std::filesystem::path& path() const { return path_; }
  size_t set_count() const { return set_count_; }
  size_t buffer_count() const { return buffer_count_; }
  const protocol::ArenaBuffer& descriptor(size_t set, size_t buffer) const;

  // Copies (or maps) what the runner left in the file, then removes its name.
  enum class CollectOutcome { kCollected, kTampered };
  CollectOutcome collect();

  // What came back; valid after collect(). A guard's bytes repeat its buffer's guard word from its first byte.
  Elements data(size_t set, size_t buffer) const;
  std::span<const std::byte> front_guard(size_t set, size_t buffer) const;
  std::span<const std::byte> back_guard(size_t set, size_t buffer) const;
  ReturnedSet returned(size_t set) const;

 private:
  std::span<const std::byte> bytes_at(uint64_t offset, uint64_t bytes) const;
  void fill(std::span<const Workload> sets);
  void write_at(uint64_t offset, const void* bytes, size_t count);
  // `bytes` bytes of `pattern` (whose size divides 8) repeated from its first byte.
  void write_repeated(uint64_t offset, uint64_t pattern, size_t pattern_bytes, uint64_t bytes);
  void remove_file();

  std::filesystem::path path_;
  size_t set_count_ = 0;
  size_t buffer_count_ = 0;
  std::vector<protocol::ArenaBuffer> table_;
  int fd_ = -1;
  size_t size_ = 0;
  ReadBack read_back_;
  std::unique_ptr<std::byte[]> copied_;  // the file's bytes, copied by collect(); not zeroed first
  void* mapped_ = nullptr;               // or mapped, for kMapTrusted
  const std::byte* returned_ = nullptr;  // whichever of the two, after collect()
};

}  // namespace cudagrade
