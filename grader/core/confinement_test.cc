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
#include "testing/sandbox_probe.h"

namespace cudagrade {
namespace {

std::filesystem::path script(const TempDir& dir, const std::string& body) {
  return testing::executable_file(dir.path() / "probe.sh", "#!/bin/sh\n" + body + "\n");
}

// A runner may start no process (core/syscall_filter.h), so a probe that runs as one is a Python program:
// everything it checks, it checks in-process.
std::filesystem::path python_script(const TempDir& dir, const std::string& body) {
  return testing::executable_file(dir.path() / "probe.py", "#!/usr/bin/python3\nimport os, signal, socket\n" + body + "\n");
}

bool bwrap_usable() {
  return testing::bwrap_usable("the sandbox itself");
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
  if (!bwrap_usable()) return;
  SubprocessCommandRunner runner;
  TempDir tools(TempDir::Medium::kDisk), arena(TempDir::Medium::kDisk), host(TempDir::Medium::kDisk);
  std::ofstream(host.path() / "secret") << "another student's work";
  const std::filesystem::path probe = python_script(
      tools, "print(os.getuid())\n"
             "for path, said in (('" + (tools.path() / "escaped").string() + "', 'wrote-outside'), ('" +
                 (arena.path() / "result").string() + "', 'wrote-arena')):\n"
             "    try:\n        open(path, 'w').close(); print(said)\n    except OSError: pass\n"
             "try:\n    open('" + (host.path() / "secret").string() + "').read(); print('read-host-tmp')\n"
             "except OSError: print('no-host-tmp')\n"
             "try:\n    socket.socket(socket.AF_INET, socket.SOCK_STREAM); print('socket')\n"
             "except OSError: print('no-socket')\n");
  Confinement confinement{Confinement::Level::kBubblewrap, {arena.path()}};
  CommandResult result = runner.run(confinement.command_for(probe), std::chrono::seconds(20));
  INFO(result.output);
  REQUIRE(result.outcome == CommandResult::Outcome::kSucceeded);
  CHECK(result.output == "65534\nwrote-arena\nno-host-tmp\nno-socket\n");
  CHECK(std::filesystem::exists(arena.path() / "result"));
  CHECK_FALSE(std::filesystem::exists(tools.path() / "escaped"));
}

TEST_CASE("inside bwrap a runner sees nothing outside, can signal nothing outside, and starts no process",
          "[confinement]") {
  if (!bwrap_usable()) return;
  TempDir tools(TempDir::Medium::kDisk);
  const std::string grader_pid = std::to_string(getpid());
  const std::filesystem::path probe = python_script(
      tools, "print('pid=%d' % os.getpid())\n"
             "print(len([entry for entry in os.listdir('/proc') if entry.isdigit()]))\n"
             "for sent, said in ((0, 'sees-grader'), (signal.SIGSTOP, 'stopped-grader')):\n"
             "    try:\n        os.kill(" + grader_pid + ", sent); print(said)\n    except OSError: pass\n"
             "try:\n    os.fork(); print('forked')\nexcept OSError: print('no-fork')\n"
             "try:\n    os.posix_spawn('/bin/sleep', ['sleep', '7391'], {}, setsid=True); print('spawned')\n"
             "except OSError: print('no-spawn')\n");
  SubprocessCommandRunner runner;
  CommandResult result = runner.run(Confinement{Confinement::Level::kBubblewrap, {}}.command_for(probe),
                                    std::chrono::seconds(20));
  INFO(result.output);
  REQUIRE(result.outcome == CommandResult::Outcome::kSucceeded);
  // The runner is the namespace's init, and the only process in it.
  CHECK(result.output == "pid=1\n1\nno-fork\nno-spawn\n");
  CHECK_FALSE(process_running("sleep 7391"));
}

TEST_CASE("inside bwrap nothing a step started outlives it, even in a session of its own", "[confinement]") {
  if (!bwrap_usable()) return;
  // A compile may start processes (its passes): a detached child, as a file that reached setsid() and
  // fork() would leave behind to kill classmates, dies with the namespace's init.
  TempDir build(TempDir::Medium::kDisk);
  const std::filesystem::path probe = script(
      build, "setsid sh -c 'exec sleep 7392' </dev/null >/dev/null 2>&1 &\n"
             "sleep 0.2; echo started-orphan\n");
  SubprocessCommandRunner runner;
  CommandResult result = runner.run(Confinement{Confinement::Level::kBubblewrap, {}}.compile_command(
                                        {probe.string()}, build.path()),
                                    std::chrono::seconds(20));
  INFO(result.output);
  REQUIRE(result.outcome == CommandResult::Outcome::kSucceeded);
  CHECK(result.output == "started-orphan\n");
  CHECK_FALSE(process_running("sleep 7392"));
}

TEST_CASE("inside bwrap only the system's folders and the step's own are visible, and hidden folders never are",
          "[confinement]") {
  if (!bwrap_usable()) return;
  // A course installed where the sandbox shows folders: the step's program in its bin/, so its prefix is
  // shown, and its test cases beside it, which must not be; and a folder on PATH that the step does not
  // need, as ~/.cargo/bin is, whose neighbours hold credentials.
  TempDir course(TempDir::Medium::kDisk), build(TempDir::Medium::kDisk), home(TempDir::Medium::kDisk);
  std::filesystem::create_directories(course.path() / "bin");
  std::filesystem::create_directories(course.path() / "testcases");
  std::filesystem::create_directories(home.path() / "bin");
  std::ofstream(course.path() / "bin" / "tool") << "a tool";
  std::ofstream(course.path() / "testcases" / "hidden.yaml") << "the hidden cases";
  std::ofstream(home.path() / "credentials") << "a token";
  const std::string saved_path = std::getenv("PATH");
  setenv("PATH", ((home.path() / "bin").string() + ":" + saved_path).c_str(), 1);
  const std::filesystem::path project = std::filesystem::current_path();
  TempDir scratch(TempDir::Medium::kDisk);
  const std::filesystem::path written = script(
      scratch, "cat " + (course.path() / "bin" / "tool").string() + " && echo\n"
               "cat " + (course.path() / "testcases" / "hidden.yaml").string() + " 2>/dev/null || echo no-cases\n"
               "cat " + (home.path() / "credentials").string() + " 2>/dev/null || echo no-credentials\n"
               "ls " + project.string() + " >/dev/null 2>&1 && echo sees-project || echo no-project\n"
               "touch " + (build.path() / "object.o").string() + " && echo wrote-build\n");
  const std::filesystem::path probe = course.path() / "bin" / "probe.sh";
  std::filesystem::copy_file(written, probe);
  Confinement confinement{Confinement::Level::kBubblewrap, {}};
  confinement.hidden_dirs = {course.path() / "testcases"};
  SubprocessCommandRunner runner;
  CommandResult result = runner.run(confinement.compile_command({probe.string()}, build.path()),
                                    std::chrono::seconds(20));
  setenv("PATH", saved_path.c_str(), 1);
  INFO(result.output);
  REQUIRE(result.outcome == CommandResult::Outcome::kSucceeded);
  CHECK(result.output == "a tool\nno-cases\nno-credentials\nno-project\nwrote-build\n");
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

TEST_CASE("inside bwrap a trusted wrapper starts the runner, whose parent is then not pid 1, on the GPU it is pinned to",
          "[confinement]") {
  if (!bwrap_usable()) return;
  TempDir tools(TempDir::Medium::kDisk);
  // A runner whose parent is pid 1 takes the grader for gone (runner_main.cu): the wrapper must be its parent.
  const std::filesystem::path probe = python_script(
      tools, "print('parent-is-init' if os.getppid() == 1 else 'parent-is-the-wrapper', os.environ.get("
             "'CUDA_VISIBLE_DEVICES'))\n");
  const std::filesystem::path wrapper = testing::executable_file(
      tools.path() / "wrapper.sh", "#!/bin/sh\nfor last; do :; done\n\"$last\"\necho \"wrapper: $1 $2, exit $?\"\n");
  Confinement confinement{Confinement::Level::kBubblewrap, {}};
  confinement.wrapper = {wrapper.string(), "--tool", "racecheck"};
  const std::vector<std::string> command = pinned_to_device(confinement.command_for(probe), 3, 4);
  REQUIRE(command.size() > 6);
  CHECK(std::vector<std::string>(command.end() - 6, command.end()) ==
        std::vector<std::string>{"env", "CUDA_VISIBLE_DEVICES=3", wrapper.string(), "--tool", "racecheck",
                                 probe.string()});
  CHECK(std::find(command.begin(), command.end(), "--as-pid-1") == command.end());
  SubprocessCommandRunner runner;
  CommandResult result = runner.run(command, std::chrono::seconds(20));
  INFO(result.output);
  REQUIRE(result.outcome == CommandResult::Outcome::kSucceeded);
  CHECK(result.output == "parent-is-the-wrapper 3\nwrapper: --tool racecheck, exit 0\n");
}

TEST_CASE("a runner sees none of the grader's environment, only what programs and CUDA need", "[confinement]") {
  TempDir dir(TempDir::Medium::kDisk);
  const std::filesystem::path probe = script(dir, "env | cut -d= -f1 | sort | tr '\\n' ' '");
  const char* devices = std::getenv("CUDA_VISIBLE_DEVICES");
  const std::optional<std::string> saved_devices = devices ? std::optional<std::string>(devices) : std::nullopt;
  setenv("CUDAGRADE_COURSE_TOKEN", "secret", 1);
  setenv("LIBRARY_PATH", "/opt/deps/usr/lib", 1);  // a compiler's search path, as on the GPU machine
  setenv("CUDA_VISIBLE_DEVICES", saved_devices.value_or("0").c_str(), 1);
  for (Confinement::Level level : {Confinement::Level::kNone, Confinement::Level::kRlimits}) {
    const std::vector<std::string> command = Confinement{level, {}}.command_for(probe);
    SubprocessCommandRunner runner;
    CommandResult result = runner.run(command, std::chrono::seconds(20));
    REQUIRE(result.outcome == CommandResult::Outcome::kSucceeded);
    CHECK_THAT(result.output, !Catch::Contains("CUDAGRADE_COURSE_TOKEN") && !Catch::Contains("HOME ") &&
                                  Catch::Contains("CUDA_VISIBLE_DEVICES") && Catch::Contains("PATH") &&
                                  Catch::Contains("LIBRARY_PATH"));
  }
  unsetenv("CUDAGRADE_COURSE_TOKEN");
  unsetenv("LIBRARY_PATH");
  if (!saved_devices) unsetenv("CUDA_VISIBLE_DEVICES");
}

}  // namespace
}  // namespace cudagrade
