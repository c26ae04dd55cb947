// A lab's CPU reference (labs/<lab>/reference.cc): compiled once by the host compiler into a shared library
// kept in the build cache (keyed by the source's and the interface's bytes), loaded into the grader, and
// called in parallel over the rows of an output. The reference is the course's trusted code, like the lab's
// test cases; students' code never runs in the grader's process.
#pragma once

#include <filesystem>
#include <memory>
#include <mutex>
#include <string>

#include "core/command_runner.h"

struct cudagrade_reference_call;

namespace cudagrade {

class CpuReference {
 public:
  using Function = int (*)(const cudagrade_reference_call*);

  // What building or loading gave: the library, or the compiler's or the loader's words.
  struct Loaded {
    std::shared_ptr<const CpuReference> reference;
    std::string problem;
  };

  // `interface_dir` holds cudagrade/reference.h. Compiles into `cache_dir` unless a library of the same
  // source is already there; safe against other processes building the same one.
  static Loaded build(const std::filesystem::path& source, const std::filesystem::path& interface_dir,
                      const std::filesystem::path& cache_dir, CommandRunner& runner);

  ~CpuReference();
  CpuReference(const CpuReference&) = delete;
  CpuReference& operator=(const CpuReference&) = delete;

  // Runs the reference for one call; false when it returned non-zero.
  bool compute(const cudagrade_reference_call& call) const { return function_(&call) == 0; }

 private:
  CpuReference(void* handle, Function function) : handle_(handle), function_(function) {}
  void* handle_;
  Function function_;
};

}  // namespace cudagrade
