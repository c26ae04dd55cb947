// Real sandboxes on this machine: bwrap where user namespaces allow it, prlimit always.
#include "run/confinement.h"

#include <catch2/catch.hpp>
#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <optional>
#include <string>

#include "core/files.h"
#include "core/temp_dir.h"

namespace cudagrade {
namespace {

std::filesystem::path script(const TempDir& dir, const std::string& body) {
  const std::filesystem::path path = dir.path() / "probe.sh";
  std::ofstream(path) << "#!/bin/sh\n" << body << "\n";
  std::filesystem::permissions(path, std::filesystem::perms::owner_all | std::filesystem::perms::group_read |
                                         std::filesystem::perms::group_exec | std::filesystem::perms::others_read |
                                         std::filesystem::perms::others_exec);
  return path;
}

TEST_CASE("rlimits wrap the runner, which still runs", "[confinement]") {
  TempDir dir(TempDir::Medium::kDisk);
  Confinement confinement{Confinement::Level::kRlimits, {}};
  const std::vector<std::string> command = confinement.command_for(script(dir, "ulimit -c; ulimit -t"));
  CHECK(std::find(command.begin(), command.end(), "prlimit") != command.end());
  SubprocessCommandRunner runner;
  CommandResult result = runner.run(command, std::chrono::seconds(20));
  REQUIRE(result.outcome == CommandResult::Outcome::kSucceeded);
  CHECK(result.output == "0\n1800\n");
}

TEST_CASE("inside bwrap the runner is nobody, cannot write outside its arena folder, and has no network",
          "[confinement]") {
  SubprocessCommandRunner runner;
  std::string why;
  const Confinement::Level level = strongest_confinement(runner, why);
  if (level != Confinement::Level::kBubblewrap) {
    WARN("bwrap is not usable on this machine, so the sandbox itself is not tested here: " << why);
    CHECK(level == Confinement::Level::kRlimits);
    return;
  }
  TempDir tools(TempDir::Medium::kDisk), arena(TempDir::Medium::kDisk), host(TempDir::Medium::kDisk);
  std::ofstream(host.path() / "secret") << "another student's work";
  const std::filesystem::path probe = script(
      tools, "id -u\n"
             "touch " + (tools.path() / "escaped").string() + " 2>/dev/null && echo wrote-outside\n"
             "touch " + (arena.path() / "result").string() + " && echo wrote-arena\n"
             "cat " + (host.path() / "secret").string() + " 2>/dev/null || echo no-host-tmp\n"
             "cat /proc/net/route 2>/dev/null | tail -n +2 | wc -l\n");
  Confinement confinement{Confinement::Level::kBubblewrap, {arena.path()}};
  CommandResult result = runner.run(confinement.command_for(probe), std::chrono::seconds(20));
  INFO(result.output);
  REQUIRE(result.outcome == CommandResult::Outcome::kSucceeded);
  CHECK(result.output == "65534\nwrote-arena\nno-host-tmp\n0\n");
  CHECK(std::filesystem::exists(arena.path() / "result"));
  CHECK_FALSE(std::filesystem::exists(tools.path() / "escaped"));
}

TEST_CASE("a runner pinned to a GPU sees only that one, inside whatever wraps it", "[confinement]") {
  TempDir dir(TempDir::Medium::kDisk);
  const std::filesystem::path probe = script(dir, "echo \"$CUDA_VISIBLE_DEVICES\"");
  Confinement confinement{Confinement::Level::kRlimits, {}};
  const std::vector<std::string> command = pinned_to_device(confinement.command_for(probe), 3);
  CHECK(std::find(command.begin(), command.end(), "prlimit") != command.end());
  CHECK(command.back() == probe.string());
  SubprocessCommandRunner runner;
  CommandResult result = runner.run(command, std::chrono::seconds(20));
  REQUIRE(result.outcome == CommandResult::Outcome::kSucceeded);
  CHECK(result.output == "3\n");
  CHECK(pinned_to_device({probe.string()}, 0) == std::vector<std::string>{"env", "CUDA_VISIBLE_DEVICES=0", probe.string()});
}

TEST_CASE("a runner sees none of the grader's environment, only what programs and CUDA need", "[confinement]") {
  TempDir dir(TempDir::Medium::kDisk);
  const std::filesystem::path probe = script(dir, "env | cut -d= -f1 | sort | tr '\\n' ' '");
  const char* devices = std::getenv("CUDA_VISIBLE_DEVICES");
  const std::optional<std::string> saved_devices = devices ? std::optional<std::string>(devices) : std::nullopt;
  setenv("CUDAGRADE_COURSE_TOKEN", "secret", 1);
  setenv("CUDA_VISIBLE_DEVICES", saved_devices.value_or("0").c_str(), 1);
  for (Confinement::Level level : {Confinement::Level::kNone, Confinement::Level::kRlimits}) {
    const std::vector<std::string> command = Confinement{level, {}}.command_for(probe);
    SubprocessCommandRunner runner;
    CommandResult result = runner.run(command, std::chrono::seconds(20));
    REQUIRE(result.outcome == CommandResult::Outcome::kSucceeded);
    CHECK_THAT(result.output, !Catch::Contains("CUDAGRADE_COURSE_TOKEN") && !Catch::Contains("HOME ") &&
                                  Catch::Contains("CUDA_VISIBLE_DEVICES") && Catch::Contains("PATH"));
  }
  unsetenv("CUDAGRADE_COURSE_TOKEN");
  if (!saved_devices) unsetenv("CUDA_VISIBLE_DEVICES");
}

}  // namespace
}  // namespace cudagrade
