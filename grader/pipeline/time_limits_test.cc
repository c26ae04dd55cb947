#include "pipeline/time_limits.h"

#include <catch2/catch.hpp>

#include <atomic>
#include <stdexcept>
#include <thread>

namespace cudagrade {
namespace {

TEST_CASE("a case's limit is measured once and then known to every grader", "[limits]") {
  TimeLimits limits;
  CHECK_FALSE(limits.known("square-32"));
  int measures = 0;
  auto measure = [&] {
    ++measures;
    return 1.5;
  };
  CHECK(limits.measured("square-32", measure) == 1.5);
  CHECK(limits.measured("square-32", measure) == 1.5);
  CHECK(measures == 1);
  CHECK(limits.known("square-32") == 1.5);
  CHECK_FALSE(limits.known("performance-512"));  // each case its own
}

TEST_CASE("a grader that needs a limit another is measuring waits for that figure", "[limits]") {
  TimeLimits limits;
  std::atomic<bool> measuring{false}, release{false}, second_measured{false};
  std::thread first([&] {
    limits.measured("performance-512", [&] {
      measuring = true;
      while (!release) std::this_thread::yield();
      return 2.5;
    });
  });
  while (!measuring) std::this_thread::yield();
  double second_limit = 0;
  std::thread second([&] {
    second_limit = limits.measured("performance-512", [&] {
      second_measured = true;
      return 9.0;
    });
  });
  CHECK_FALSE(limits.known("performance-512"));  // not while it is being measured
  release = true;
  first.join();
  second.join();
  CHECK(second_limit == 2.5);
  CHECK_FALSE(second_measured);
}

TEST_CASE("a measurement that fails leaves the case unmeasured, for the next grader to try", "[limits]") {
  TimeLimits limits;
  CHECK_THROWS_WITH(limits.measured("square-32", []() -> double { throw std::runtime_error("no arena"); }),
                    "no arena");
  CHECK_FALSE(limits.known("square-32"));
  CHECK(limits.measured("square-32", [] { return 0.5; }) == 0.5);
}

}  // namespace
}  // namespace cudagrade
