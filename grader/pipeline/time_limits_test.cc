#include "pipeline/time_limits.h"

#include <catch2/catch.hpp>

#include <atomic>
#include <chrono>
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

// A measurement that holds until `release`, in a thread of its own; `measuring` says it has begun.
struct HeldMeasurement {
  std::atomic<bool> measuring{false}, release{false};
  std::thread thread;
  void start(TimeLimits& limits, double figure, bool fails = false) {
    thread = std::thread([&, figure, fails] {
      try {
        limits.measured("performance-512", [&] {
          measuring = true;
          while (!release) std::this_thread::yield();
          if (fails) throw std::runtime_error("no arena");
          return figure;
        });
      } catch (const std::runtime_error&) {
      }
    });
    while (!measuring) std::this_thread::yield();
  }
};

// Another grader's call of measured(), in a thread of its own: its figure, and whether it measured.
struct WaitingGrader {
  std::atomic<bool> calling{false}, measured_itself{false};
  std::atomic<double> limit{0};
  std::thread thread;
  void start(TimeLimits& limits, double own_figure) {
    thread = std::thread([&, own_figure] {
      calling = true;
      limit = limits.measured("performance-512", [&] {
        measured_itself = true;
        return own_figure;
      });
    });
    while (!calling) std::this_thread::yield();
    std::this_thread::sleep_for(std::chrono::milliseconds(50));  // into measured() and waiting, on any machine
  }
};

TEST_CASE("a grader that needs a limit another is measuring waits for that figure", "[limits]") {
  TimeLimits limits;
  HeldMeasurement first;
  first.start(limits, 2.5);
  WaitingGrader second;
  second.start(limits, 9.0);
  CHECK(second.limit == 0);  // still waiting
  CHECK_FALSE(limits.known("performance-512"));  // not while it is being measured
  first.release = true;
  first.thread.join();
  second.thread.join();
  CHECK(second.limit == 2.5);
  CHECK_FALSE(second.measured_itself);
}

TEST_CASE("a grader waiting on a measurement that fails measures the case itself", "[limits]") {
  TimeLimits limits;
  HeldMeasurement first;
  first.start(limits, 2.5, /*fails=*/true);
  WaitingGrader second;
  second.start(limits, 4.0);
  first.release = true;
  first.thread.join();
  second.thread.join();
  CHECK(second.measured_itself);
  CHECK(second.limit == 4.0);
  CHECK(limits.known("performance-512") == 4.0);
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
