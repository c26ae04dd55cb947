#include "core/cpu_time_limit.h"

#include <catch2/catch.hpp>
#include <thread>

#include "core/subprocess.h"

namespace cudagrade {
namespace {

// Waits until the child has done a little: its first CPU time is then past the shell's start-up.
double cpu_after(const Subprocess& child, std::chrono::milliseconds wait) {
  std::this_thread::sleep_for(wait);
  return process_tree_cpu_seconds(child.pid()).value_or(-1);
}

TEST_CASE("a process tree's CPU time counts its working descendants and not its waiting", "[cpu_time_limit]") {
  SECTION("a busy grandchild behind a waiting shell, as a runner behind a confining wrapper") {
    Subprocess busy({"sh", "-c", "sh -c 'while :; do :; done' & wait"}, {});
    const double early = cpu_after(busy, std::chrono::milliseconds(200));
    const double later = cpu_after(busy, std::chrono::milliseconds(600));
    CHECK(early >= 0);
    CHECK(later - early > 0.1);  // 0.6 s on a core, less on a loaded machine, never near 0
  }
  SECTION("a sleeping process uses next to none") {
    Subprocess sleeping({"sleep", "5"}, {});
    const double early = cpu_after(sleeping, std::chrono::milliseconds(100));
    const double later = cpu_after(sleeping, std::chrono::milliseconds(600));
    CHECK(later - early < 0.05);
  }
  SECTION("a process that is gone has no figure") {
    Subprocess quick({"true"}, {});
    CHECK(quick.wait_for_exit(deadline_after(10)) == WaitOutcome::kExited);
    CHECK_FALSE(process_tree_cpu_seconds(quick.pid()).has_value());
  }
}

TEST_CASE("a wait past its wall deadline goes on while the CPU time is unspent, within the wall allowance",
          "[cpu_time_limit]") {
  // A loaded machine: 5 s of wall time gave 2 s of CPU time, so 3 s of the limit are left.
  REQUIRE(cpu_limit_wait_left(5, 2, 5).has_value());
  CHECK(*cpu_limit_wait_left(5, 2, 5) == Approx(3));
  // The CPU time is spent: a program that worked the whole limit is done.
  CHECK_FALSE(cpu_limit_wait_left(5, 5, 5).has_value());
  CHECK_FALSE(cpu_limit_wait_left(5, 4.999, 9).has_value());
  // A sleeping program uses no CPU time: judged at the wall deadline, as a wall-clock limit would.
  CHECK_FALSE(cpu_limit_wait_left(5, 0, 5).has_value());
  CHECK_FALSE(cpu_limit_wait_left(5, 1.2, 5).has_value());  // less than a quarter of a core
  // A program working on a quarter of a core goes on until its CPU time is spent, which is by the wall
  // allowance; one that slows below a quarter later on is judged then.
  CHECK(*cpu_limit_wait_left(5, 1.25, 5) == Approx(3.75));
  CHECK(*cpu_limit_wait_left(5, 4.5, 18) == Approx(0.5));
  CHECK_FALSE(cpu_limit_wait_left(5, 4.5, 18.5).has_value());
}

}  // namespace
}  // namespace cudagrade
