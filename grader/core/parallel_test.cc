#include "core/parallel.h"

#include <catch2/catch.hpp>

#include <sched.h>

#include <atomic>
#include <stdexcept>
#include <thread>
#include <vector>

namespace cudagrade {

TEST_CASE("every item runs exactly once, whatever the number of workers", "[parallel]") {
  for (int64_t workers : {1, 2, 7, 64}) {
    std::vector<std::atomic<int>> runs(1000);
    parallel_for(1000, workers, [&](int64_t i) { ++runs[static_cast<size_t>(i)]; });
    int64_t once = 0;
    for (const std::atomic<int>& count : runs) once += count == 1 ? 1 : 0;
    CHECK(once == 1000);
  }
}

TEST_CASE("a worker's exception reaches the caller after every worker has stopped", "[parallel]") {
  // Before, a throwing item terminated the grader ("Aborted") instead of reaching main's one error report.
  std::atomic<int> running{0};
  std::atomic<int> started{0};
  auto throwing = [&] {
    parallel_for(10000, 4, [&](int64_t i) {
      ++running;
      ++started;
      if (i == 17) {
        --running;
        throw std::runtime_error("cannot store build");
      }
      --running;
    });
  };
  CHECK_THROWS_WITH(throwing(), "cannot store build");
  CHECK(running == 0);
  CHECK(started < 10000);  // the others took no new items once one had failed
}

TEST_CASE("work run beside gives its result, or its exception, to the caller's get()", "[parallel]") {
  std::future<int> answer = run_beside([] { return 42; });
  CHECK(answer.get() == 42);
  std::future<int> failing = run_beside([]() -> int { throw std::runtime_error("harness did not build"); });
  CHECK_THROWS_WITH(failing.get(), "harness did not build");
}

TEST_CASE("the usable cores are the affinity mask's, not the machine's", "[parallel]") {
  CHECK(usable_cores() >= 1);
  int64_t pinned = 0;
  // Pinned in a thread of its own, so the rest of the suite keeps every core.
  std::thread([&] {
    cpu_set_t one;
    CPU_ZERO(&one);
    CPU_SET(sched_getcpu(), &one);
    if (sched_setaffinity(0, sizeof(one), &one) == 0) pinned = usable_cores();
  }).join();
  CHECK(pinned == 1);
}

}  // namespace cudagrade
