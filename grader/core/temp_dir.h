// A private scratch folder for one grading run, removed with everything in it when the run ends (and by
// the next run, if this one was killed first). It lives
// on tmpfs (/dev/shm) when that has room, because arenas can be gigabytes that need never touch a disk.
#pragma once

#include <cstdint>
#include <filesystem>

namespace cudagrade {

class TempDir {
 public:
  enum class Medium { kMemory, kDisk };
  // kMemory: /dev/shm when it is writable, else like kDisk. kDisk: $TMPDIR, else /tmp.
  explicit TempDir(Medium medium);
  ~TempDir();
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;

  const std::filesystem::path& path() const { return path_; }
  // Bytes free on the file system holding the folder.
  uint64_t free_bytes() const;

 private:
  std::filesystem::path path_;
};

}  // namespace cudagrade
