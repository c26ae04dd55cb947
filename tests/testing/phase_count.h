// How many spans of one phase some work recorded (core/phase_clock.h): the pipeline tests' way to count runs,
// measurements and builds from outside the grader.
#pragma once

#include <functional>
#include <string>

#include "core/phase_clock.h"

namespace cudagrade::testing {

// A clock is installed while `work` runs and uninstalled however it ends (a failed REQUIRE throws).
inline int phase_count(const std::string& name, const std::function<void()>& work) {
  PhaseClock clock;
  PhaseClock::install(&clock);
  struct Uninstall {
    ~Uninstall() { PhaseClock::install(nullptr); }
  } uninstall;
  work();
  int count = 0;
  for (const PhaseClock::Phase& phase : clock.phases()) {
    if (phase.name == name) count += phase.count;
  }
  return count;
}

}  // namespace cudagrade::testing
