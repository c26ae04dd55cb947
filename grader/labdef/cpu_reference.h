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
struct cudagrade_mismatch;
struct cudagrade_own_check;

namespace cudagrade {

class CpuReference {
 public:
  using Function = int (*)(const cudagrade_reference_call*);
  using Explain = void (*)(const cudagrade_reference_call*, cudagrade_mismatch*);
  using OwnCheck = int (*)(const cudagrade_reference_call*, cudagrade_own_check*);

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
  // The lab's note on one mismatch, when its reference defines cudagrade_explain; else nothing changes.
  void explain(const cudagrade_reference_call& call, cudagrade_mismatch& mismatch) const {
    if (explain_) explain_(&call, &mismatch);
  }
  // The lab's own check of an output (`check: own`), when its reference defines cudagrade_check.
  bool has_own_check() const { return own_check_ != nullptr; }
  bool own_check(const cudagrade_reference_call& call, cudagrade_own_check& check) const {
    return own_check_(&call, &check) == 0;
  }

 private:
  CpuReference(void* handle, Function function, Explain explain, OwnCheck own_check)
      : handle_(handle), function_(function), explain_(explain), own_check_(own_check) {}
  void* handle_;
  Function function_;
  Explain explain_;
  OwnCheck own_check_;
};

}  // namespace cudagrade
