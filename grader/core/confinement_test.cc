// Real sandboxes on this machine: bwrap where user namespaces allow it, prlimit always.
#include "core/confinement.h"

#include <catch2/catch.hpp>
#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <iterator>
#include <optional>
#include <string>
#include <unistd.h>

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

// The sandbox's tests need bwrap; on a machine without user namespaces they say so and check the fallback.
bool bwrap_usable() {
  SubprocessCommandRunner runner;
  std::string why;
  const Confinement::Level level = strongest_confinement(runner, why);
  if (level == Confinement::Level::kBubblewrap) return true;
  WARN("bwrap is not usable on this machine, so the sandbox itself is not tested here: " << why);
  CHECK(level == Confinement::Level::kRlimits);
  return false;
}

bool process_running(const std::string& command_line_marker) {
  std::error_code error;
  for (const auto& entry : std::filesystem::directory_iterator("/proc", error)) {
    std::ifstream file(entry.path() / "cmdline", std::ios::binary);
    std::string command_line((std::istreambuf_iterator<char>(file)), std::istreambuf_iterator<char>());
    std::replace(command_line.begin(), command_line.end(), '\0', ' ');
    if (command_line.find(command_line_marker) != std::string::npos) return true;
  }
  return false;
}

TEST_CASE("inside bwrap nothing outside the sandbox can be seen or signalled, and nothing outlives the runner",
          "[confinement]") {
  if (!bwrap_usable()) return;
  TempDir tools(TempDir::Medium::kDisk);
  const std::string grader_pid = std::to_string(getpid());
  // A detached child, as a file that reached setsid() and fork() would leave behind to kill classmates.
  const std::filesystem::path probe = script(
      tools, "echo pid=$$\n"
             "ls /proc | grep -c '^[0-9]'\n"
             "kill -0 " + grader_pid + " 2>/dev/null && echo sees-grader\n"
             "kill -STOP " + grader_pid + " 2>/dev/null && echo stopped-grader\n"
             "setsid sh -c 'exec sleep 7391' </dev/null >/dev/null 2>&1 &\n"
             "sleep 0.2; echo started-orphan\n");
  SubprocessCommandRunner runner;
  CommandResult result = runner.run(Confinement{Confinement::Level::kBubblewrap, {}}.command_for(probe),
                                    std::chrono::seconds(20));
  INFO(result.output);
  REQUIRE(result.outcome == CommandResult::Outcome::kSucceeded);
  // The runner is the namespace's init; it, its shell's children and the orphan are all there is to see.
  CHECK_THAT(result.output, Catch::StartsWith("pid=1\n") && Catch::EndsWith("started-orphan\n") &&
                                !Catch::Contains("sees-grader") && !Catch::Contains("stopped-grader"));
  const int visible = std::stoi(result.output.substr(result.output.find('\n') + 1));
  CHECK(visible <= 4);
  CHECK_FALSE(process_running("sleep 7391"));
}

TEST_CASE("inside bwrap only the system's folders and the step's own are visible, and hidden folders never are",
          "[confinement]") {
  if (!bwrap_usable()) return;
  // A course installed where the sandbox shows folders: its tools on PATH, its test cases beside them.
  TempDir course(TempDir::Medium::kDisk), build(TempDir::Medium::kDisk);
  std::filesystem::create_directories(course.path() / "bin");
  std::filesystem::create_directories(course.path() / "testcases");
  std::ofstream(course.path() / "bin" / "tool") << "a tool";
  std::ofstream(course.path() / "testcases" / "hidden.yaml") << "the hidden cases";
  const std::string saved_path = std::getenv("PATH");
  setenv("PATH", ((course.path() / "bin").string() + ":" + saved_path).c_str(), 1);
  const std::filesystem::path project = std::filesystem::current_path();
  const std::filesystem::path probe = script(
      build, "cat " + (course.path() / "bin" / "tool").string() + " && echo\n"
             "cat " + (course.path() / "testcases" / "hidden.yaml").string() + " 2>/dev/null || echo no-cases\n"
             "ls " + project.string() + " >/dev/null 2>&1 && echo sees-project || echo no-project\n"
             "touch " + (build.path() / "object.o").string() + " && echo wrote-build\n");
  Confinement confinement{Confinement::Level::kBubblewrap, {}};
  confinement.hidden_dirs = {course.path() / "testcases"};
  SubprocessCommandRunner runner;
  CommandResult result = runner.run(confinement.compile_command({probe.string()}, build.path()),
                                    std::chrono::seconds(20));
  setenv("PATH", saved_path.c_str(), 1);
  INFO(result.output);
  REQUIRE(result.outcome == CommandResult::Outcome::kSucceeded);
  CHECK(result.output == "a tool\nno-cases\nno-project\nwrote-build\n");
}

TEST_CASE("a compile runs with a CPU budget below its wall clock and a bounded address space", "[confinement]") {
  TempDir dir(TempDir::Medium::kDisk);
  const std::filesystem::path probe = script(dir, "ulimit -v; ulimit -t; ulimit -f");
  const std::vector<std::string> command =
      Confinement{Confinement::Level::kRlimits, {}}.compile_command({probe.string()}, dir.path());
  SubprocessCommandRunner runner;
  CommandResult result = runner.run(command, std::chrono::seconds(20));
  REQUIRE(result.outcome == CommandResult::Outcome::kSucceeded);
  // ulimit counts KiB, and 512-byte blocks for files.
  CHECK(result.output == "4194304\n150\n524288\n");
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
