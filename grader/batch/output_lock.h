// One grading run per output folder: a second `cudagrade grade` into the same --out would interleave
// results and reports. The lock is an flock on DIR/.cudagrade.lock, released by the kernel if the grader
// dies, so a killed run never leaves a stale lock behind for --resume.
#pragma once

#include <filesystem>
#include <memory>
#include <string>

namespace cudagrade {

class OutputLock {
 public:
  enum class Outcome { kAcquired, kHeldByAnother };
  // Creates the folder if needed; `holder` says who has it when another run does.
  static std::unique_ptr<OutputLock> acquire(const std::filesystem::path& dir, Outcome& outcome, std::string& holder);
  ~OutputLock();
  OutputLock(const OutputLock&) = delete;
  OutputLock& operator=(const OutputLock&) = delete;

 private:
  explicit OutputLock(int fd) : fd_(fd) {}
  int fd_;
};

}  // namespace cudagrade
