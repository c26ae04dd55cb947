// The seccomp filter, loaded by a real bwrap: each refused family is tried from inside, through libc's
// syscall() (Python's ctypes), and must fail with the filter's errno while the rest of the program runs on.
#include "core/syscall_filter.h"

#include <catch2/catch.hpp>
#include <fstream>

#include "core/confinement.h"
#include "core/temp_dir.h"
#include "testing/sandbox_probe.h"

namespace cudagrade {
namespace {

// Each line of the probe's output: "name errno", errno 0 when the call went through.
constexpr const char* kProbe = R"(#!/usr/bin/python3
import ctypes, errno, os, socket
libc = ctypes.CDLL(None, use_errno=True)
def attempt(name, number, *arguments):
    ctypes.set_errno(0)
    result = libc.syscall(number, *[ctypes.c_long(a) for a in arguments])
    print(name, 0 if result != -1 else errno.errorcode[ctypes.get_errno()])
attempt('unshare', 272, 0x10000000)          # CLONE_NEWUSER
attempt('ptrace', 101, 0, 0, 0, 0)           # PTRACE_TRACEME
attempt('io_uring_setup', 425, 1, 0)
attempt('keyctl', 250, 0, -3, 0)             # KEYCTL_GET_KEYRING_ID of the user's keyring
attempt('personality', 135, 0xffffffff)
attempt('bpf', 321, 0, 0, 0)
attempt('clone3', 435, 0, 0)
attempt('clone_newnet', 56, 0x40000000 | 17, 0, 0, 0, 0)  # CLONE_NEWNET | SIGCHLD
for family, name in ((socket.AF_INET, 'socket_inet'), (socket.AF_NETLINK, 'socket_netlink'), (socket.AF_UNIX, 'socket_unix')):
    try:
        socket.socket(family, socket.SOCK_DGRAM).close(); print(name, 0)
    except OSError as error:
        print(name, errno.errorcode[error.errno])
try:
    child = os.fork()
    if child == 0:
        os._exit(0)
    os.waitpid(child, 0); print('fork', 0)
except OSError as error:
    print('fork', errno.errorcode[error.errno])
)";

enum class Probed { kRunner, kCompile, kWrappedRunner };

std::string run_probe(Probed as) {
  TempDir dir(TempDir::Medium::kDisk);
  const std::filesystem::path probe = testing::executable_file(dir.path() / "probe.py", kProbe);
  Confinement confinement{Confinement::Level::kBubblewrap, {}};
  if (as == Probed::kWrappedRunner) confinement.wrapper = {"/usr/bin/env"};  // a wrapper that becomes the runner
  const std::vector<std::string> command = as == Probed::kCompile
                                               ? confinement.compile_command({probe.string()}, dir.path())
                                               : confinement.command_for(probe);
  SubprocessCommandRunner runner;
  CommandResult result = runner.run(command, std::chrono::seconds(30));
  INFO(result.output);
  REQUIRE(result.outcome == CommandResult::Outcome::kSucceeded);
  return result.output;
}

constexpr const char* kRefusedEverywhere =
    "unshare EPERM\n"
    "ptrace EPERM\n"
    "io_uring_setup EPERM\n"
    "keyctl EPERM\n"
    "personality EPERM\n"
    "bpf EPERM\n"
    "clone3 ENOSYS\n"
    "clone_newnet EPERM\n"
    "socket_inet EPERM\n"
    "socket_netlink EPERM\n"
    "socket_unix 0\n";

TEST_CASE("a sandboxed runner is refused namespaces, tracing, io_uring, keyrings, sockets but AF_UNIX, and fork",
          "[seccomp]") {
  if (!testing::bwrap_usable("the system-call filter")) return;
  CHECK(run_probe(Probed::kRunner) == std::string(kRefusedEverywhere) + "fork EPERM\n");
}

TEST_CASE("a sandboxed compile is refused the same, but may start its passes", "[seccomp]") {
  if (!testing::bwrap_usable("the system-call filter")) return;
  CHECK(run_probe(Probed::kCompile) == std::string(kRefusedEverywhere) + "fork 0\n");
}

TEST_CASE("a runner under a trusted wrapper (compute-sanitizer) is refused the same, but its wrapper may start it",
          "[seccomp]") {
  if (!testing::bwrap_usable("the system-call filter")) return;
  CHECK(run_probe(Probed::kWrappedRunner) == std::string(kRefusedEverywhere) + "fork 0\n");
}

TEST_CASE("the filters are written once per process, one file a kind", "[seccomp]") {
  const std::filesystem::path runner = syscall_filter_file(FilterKind::kRunner);
  const std::filesystem::path compile = syscall_filter_file(FilterKind::kCompile);
  CHECK(runner != compile);
  CHECK(syscall_filter_file(FilterKind::kWrappedRunner) != runner);
  CHECK(syscall_filter_file(FilterKind::kWrappedRunner) != compile);
  CHECK(syscall_filter_file(FilterKind::kRunner) == runner);
  // A BPF program is a whole number of 8-byte instructions, and these are more than a few.
  CHECK(std::filesystem::file_size(runner) % 8 == 0);
  CHECK(std::filesystem::file_size(runner) > std::filesystem::file_size(compile));
  CHECK(std::filesystem::file_size(compile) > 8 * 40);
}

}  // namespace
}  // namespace cudagrade
