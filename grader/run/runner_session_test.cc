// A session's limits, as the grader holds a runner to them: in wall time (a GPU's runner), or in the runner's
// own CPU time (the simulator's, core/cpu_time_limit.h). The runners here are small Python programs that
// speak the greeting of the protocol; "load" is a busy loop pinned to the runner's core.
#include "run/runner_session.h"

#include <catch2/catch.hpp>
#include <memory>
#include <string>

namespace cudagrade {
namespace {

// Also the session's "runner": its folder is the working directory.
constexpr const char* kPython = "/usr/bin/python3";

// Does `before_greeting` (Python statements), greets, then reads one request from descriptor 3, does `work` and
// answers it.
std::vector<std::string> working_runner(const std::string& work, const std::string& before_greeting = "pass") {
  const std::string program =
      "import os, time\n"
      "os.sched_setaffinity(0, {0})\n"
      "hello = os.read(3, 200).split()\n" +
      before_greeting +
      "\nos.write(4, b'hello ' + hello[1] + b' cc=9.0 sms=1 l2=1 mem=1 name=probe\\n')\n"
      "request = os.read(3, 200).split()\n" +
      work +
      "\nos.write(4, b'ok ' + request[1] + b'\\n')\n"
      "os.read(3, 200)\n";
  return {kPython, "-c", program};
}

// A session whose runner has greeted; the test's request is then timed by `basis`.
std::unique_ptr<RunnerSession> greeted(const std::string& work, TimeBasis basis) {
  auto session = std::make_unique<RunnerSession>(working_runner(work), kPython, basis);
  const RunnerReply greeting = session->start(deadline_after(30));
  INFO(greeting.detail);
  REQUIRE(greeting.outcome == RunnerReply::Outcome::kOk);
  return session;
}

// Another process busy on the runner's core, for as long as the object lives: the runner gets about half.
Subprocess load_on_core_zero() {
  return Subprocess({kPython, "-c", "import os\nos.sched_setaffinity(0, {0})\nwhile True: pass\n"}, {});
}

// Python's start-up takes a few hundredths of a second of the process's CPU time before the request.
constexpr const char* kWorkSevenTenths = "while time.process_time() < 0.7: pass";

TEST_CASE("a runner sharing its core with another is held to its own CPU time, not the wall's",
          "[runner_session]") {
  Subprocess load = load_on_core_zero();
  SECTION("its CPU time: 0.7 s of work within a 1 s limit is answered, though it takes more wall time") {
    std::unique_ptr<RunnerSession> session = greeted(kWorkSevenTenths, TimeBasis::kOwnCpuTime);
    const auto started = Clock::now();
    const RunnerReply reply = session->bandwidth(deadline_after(1.0));
    INFO(reply.detail);
    CHECK(reply.outcome == RunnerReply::Outcome::kOk);
    CHECK(Clock::now() - started > std::chrono::seconds(1));  // the load was real: the wall deadline passed
    // What the request took by the limit's count, as a time limit's calibration reads a reference's: its
    // work, not the wall time the load stretched it to.
    REQUIRE(session->last_request_cpu_seconds().has_value());
    CHECK(*session->last_request_cpu_seconds() >= 0.5);
    CHECK(*session->last_request_cpu_seconds() < 0.9);
  }
  SECTION("the wall's: the same work times out") {
    std::unique_ptr<RunnerSession> session = greeted(kWorkSevenTenths, TimeBasis::kWallClock);
    CHECK(session->bandwidth(deadline_after(1.0)).outcome == RunnerReply::Outcome::kTimedOut);
    CHECK_FALSE(session->last_request_cpu_seconds().has_value());
  }
  SECTION("the greeting is held to the wall's time whatever the session's basis") {
    RunnerSession session(working_runner("pass", kWorkSevenTenths), kPython, TimeBasis::kOwnCpuTime);
    CHECK(session.start(deadline_after(1.0)).outcome == RunnerReply::Outcome::kTimedOut);
  }
}

TEST_CASE("a runner held to its CPU time that sleeps or works too long is judged as before", "[runner_session]") {
  SECTION("sleeping uses no CPU time: judged at the wall deadline") {
    std::unique_ptr<RunnerSession> session = greeted("time.sleep(5)", TimeBasis::kOwnCpuTime);
    const auto started = Clock::now();
    CHECK(session->bandwidth(deadline_after(0.5)).outcome == RunnerReply::Outcome::kTimedOut);
    CHECK(Clock::now() - started < std::chrono::seconds(2));
  }
  SECTION("working past the limit: judged once its CPU time is spent") {
    std::unique_ptr<RunnerSession> session = greeted("while True: pass", TimeBasis::kOwnCpuTime);
    const auto started = Clock::now();
    CHECK(session->bandwidth(deadline_after(0.5)).outcome == RunnerReply::Outcome::kTimedOut);
    CHECK(Clock::now() - started < std::chrono::duration<double>(kCpuLimitWallAllowance * 0.5 + 1));
  }
}

}  // namespace
}  // namespace cudagrade
