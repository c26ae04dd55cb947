#include "core/phase_clock.h"

#include <catch2/catch.hpp>

#include <thread>

namespace cudagrade {

TEST_CASE("a phase clock sums each phase's spans in the order the phases first ran", "[phases]") {
  PhaseClock clock;
  clock.add("build", 120);
  clock.add("check", 5);
  clock.add("build", 30);
  const std::vector<PhaseClock::Phase> phases = clock.phases();
  REQUIRE(phases.size() == 2);
  CHECK(phases[0].name == "build");
  CHECK(phases[0].count == 2);
  CHECK(phases[0].total_ms == 150);
  CHECK(phases[1].name == "check");
  const std::string table = clock.table(300);
  CHECK(table.find("50.0%") != std::string::npos);  // build's 150 of 300 ms
  CHECK(table.find("wall (the whole command)") != std::string::npos);
}

TEST_CASE("a scoped phase records only while a clock is installed", "[phases]") {
  PhaseClock clock;
  { ScopedPhase unrecorded("before"); }
  PhaseClock::install(&clock);
  {
    ScopedPhase recorded("sleep");
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  {
    ScopedPhase outer("beside");
    PhaseClock::QuietThread quiet;
    ScopedPhase inner("inside the quiet part");
  }
  PhaseClock::install(nullptr);
  { ScopedPhase unrecorded("after"); }
  const std::vector<PhaseClock::Phase> phases = clock.phases();
  REQUIRE(phases.size() == 2);
  CHECK(phases[0].name == "sleep");
  CHECK(phases[0].total_ms >= 20);
  CHECK(phases[1].name == "beside");
}

}  // namespace cudagrade
