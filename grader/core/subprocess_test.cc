#include "core/subprocess.h"

#include <fcntl.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <csignal>
#include <string>

#include "core/command_runner.h"

namespace cudagrade {
namespace {

TEST_CASE("a command's output and exit status are captured", "[subprocess]") {
  SubprocessCommandRunner runner;
  CommandResult ok = runner.run({"sh", "-c", "echo out; echo err >&2"}, std::chrono::seconds(10));
  CHECK(ok.outcome == CommandResult::Outcome::kSucceeded);
  CHECK_THAT(ok.output, Catch::Contains("out") && Catch::Contains("err"));
  CommandResult failed = runner.run({"sh", "-c", "exit 3"}, std::chrono::seconds(10));
  CHECK(failed.outcome == CommandResult::Outcome::kFailed);
  CHECK(failed.status.describe() == "exit code 3");
  CommandResult signalled = runner.run({"sh", "-c", "kill -SEGV $$"}, std::chrono::seconds(10));
  CHECK(signalled.status.kind == ExitStatus::Kind::kSignaled);
  CHECK(signalled.status.code == SIGSEGV);
}

TEST_CASE("a command that runs too long is killed with its whole process group", "[subprocess]") {
  SubprocessCommandRunner runner;
  const auto started = Clock::now();
  // The child shell starts a grandchild that would outlive it; both must die.
  CommandResult result = runner.run({"sh", "-c", "sleep 30 & sleep 30"}, std::chrono::seconds(1));
  CHECK(result.outcome == CommandResult::Outcome::kTimedOut);
  CHECK(Clock::now() - started < std::chrono::seconds(5));
}

// A descriptor another thread of the grader has open (a file being written without O_CLOEXEC, say) must not
// reach a child: a student's runner could write through it, and while a child holds a file open for writing,
// that file cannot be run (ETXTBSY).
TEST_CASE("a child inherits no descriptor of the grader's but its channel", "[subprocess]") {
  const int opened = open("/dev/null", O_WRONLY);  // no O_CLOEXEC
  REQUIRE(opened >= 0);
  const int stray = fcntl(opened, F_DUPFD, 100);  // above the channel's 3 and 4, still without O_CLOEXEC
  close(opened);
  REQUIRE(stray >= 100);
  const std::string probe = "test -e /proc/self/fd/" + std::to_string(stray) + " && echo leaked || echo closed; " +
                            "test -e /proc/self/fd/3 && echo channel";
  SubprocessOptions options;
  options.control_channel = true;
  Subprocess process({"sh", "-c", probe}, options);
  CHECK(process.wait_for_exit(Clock::now() + std::chrono::seconds(10)) == WaitOutcome::kExited);
  close(stray);
  CHECK(process.output() == "closed\nchannel\n");
}

TEST_CASE("output beyond the cap is counted and dropped", "[subprocess]") {
  SubprocessOptions options;
  options.output_cap_bytes = 1000;
  Subprocess process({"sh", "-c", "head -c 100000 /dev/zero | tr '\\0' x"}, options);
  CHECK(process.wait_for_exit(Clock::now() + std::chrono::seconds(10)) == WaitOutcome::kExited);
  CHECK(process.output().size() == 1000);
  CHECK(process.dropped_output_bytes() == 99000);
}

TEST_CASE("a missing program is reported, not thrown past the runner", "[subprocess]") {
  SubprocessCommandRunner runner;
  CommandResult result = runner.run({"/nonexistent/compiler"}, std::chrono::seconds(5));
  CHECK(result.outcome == CommandResult::Outcome::kNotStarted);
}

TEST_CASE("the control channel carries lines both ways, apart from stdout", "[subprocess]") {
  SubprocessOptions options;
  options.control_channel = true;
  Subprocess process({"sh", "-c", "echo noise; read line <&3; echo \"got $line\" >&4; echo more noise"}, options);
  REQUIRE(process.send_line("hello"));
  std::string line;
  CHECK(process.read_line(line, Clock::now() + std::chrono::seconds(10)) == WaitOutcome::kReady);
  CHECK(line == "got hello");
  CHECK(process.read_line(line, Clock::now() + std::chrono::seconds(10)) == WaitOutcome::kExited);
  CHECK_THAT(process.output(), Catch::Contains("noise"));
}

}  // namespace
}  // namespace cudagrade
