// The student's compiled object, checked before it is linked: every symbol it uses or defines against the
// policy (symbol_policy.h), its code for instructions that enter the kernel (instruction_scan.h), and what it
// asks the loader to run at startup (startup_sections.h). This is the check that decides what a file's code
// may reach; the source policies teach, and can be out-read (docs/SECURITY.md).
#pragma once

#include <filesystem>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "compile/toolchain.h"
#include "core/command_runner.h"

namespace cudagrade {

class ObjectCheck {
 public:
  struct Result {
    BuildResult::Outcome outcome;  // kBuilt when the object passes
    std::string summary;
  };

  explicit ObjectCheck(CommandRunner& runner);

  // extra_allowed: what this toolchain's objects may use beyond the shared policy; launch_symbols: what a
  // kernel launch compiles to with it (a file using none is refused). Safe to call from several threads.
  Result judge(const std::filesystem::path& object, const std::vector<std::string>& extra_allowed,
               const std::vector<std::string>& launch_symbols);
  // What the object asks the loader to run at startup, alone: for an object whose startup code a later step
  // removes before judge() sees it (the simulator's device pass, sim/pass_join.h).
  Result judge_startup(const std::filesystem::path& object) { return check_sections(object); }

 private:
  Result check_symbols(const std::filesystem::path& object, const std::vector<std::string>& extra_allowed,
                       const std::vector<std::string>& launch_symbols);
  Result check_instructions(const std::filesystem::path& object);
  Result check_sections(const std::filesystem::path& object);
  std::optional<Result> list_object(const std::vector<std::string>& command, size_t cap, const std::string& cannot,
                                    const std::string& too_large, std::string& listing);
  // What the runner's C and C++ runtime libraries export (symbol_policy.h), read once and kept for every later
  // build; nullptr, with `why`, when they cannot be read (the grader's machine is broken, not the student's file).
  const std::set<std::string>* runtime_exports(std::string& why);

  CommandRunner& runner_;
  std::mutex exports_mutex_;
  std::optional<std::set<std::string>> exports_;
};

}  // namespace cudagrade
