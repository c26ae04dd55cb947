// What the sandbox's tests share (core/confinement_test.cc, core/syscall_filter_test.cc): a probe program
// written where the sandbox will run it, and whether bwrap can run here at all.
#pragma once

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <string>

#include "core/command_runner.h"
#include "core/confinement.h"

namespace cudagrade::testing {

// Writes `text` to `path` as a program anyone may run: the sandbox runs it as nobody.
inline std::filesystem::path executable_file(const std::filesystem::path& path, const std::string& text) {
  std::ofstream(path) << text;
  using std::filesystem::perms;
  std::filesystem::permissions(path, perms::owner_all | perms::group_read | perms::group_exec | perms::others_read |
                                         perms::others_exec);
  return path;
}

// Whether bwrap can start the whole sandbox here. Where it cannot (no user namespaces), the test says so,
// naming what goes untested, and checks that the fallback is rlimits.
inline bool bwrap_usable(const std::string& untested) {
  SubprocessCommandRunner runner;
  std::string why;
  const Confinement::Level level = strongest_confinement(runner, why);
  if (level == Confinement::Level::kBubblewrap) return true;
  WARN("bwrap is not usable on this machine, so " << untested << " is not tested here: " << why);
  CHECK(level == Confinement::Level::kRlimits);
  return false;
}

}  // namespace cudagrade::testing
