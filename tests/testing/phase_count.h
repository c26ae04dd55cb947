// How many spans of one phase some work recorded (core/phase_clock.h): the pipeline tests' way to count runs,
// measurements and builds from outside the grader.
#pragma once

#include <functional>
#include <map>
#include <string>
#include <vector>

#include "core/phase_clock.h"

namespace cudagrade::testing {

// Per name in `names`, how many spans of it `work` recorded.
inline std::map<std::string, int> phase_counts(const std::vector<std::string>& names, const std::function<void()>& work);

// A clock is installed while `work` runs and uninstalled however it ends (a failed REQUIRE throws).
inline int phase_count(const std::string& name, const std::function<void()>& work) {
  return phase_counts({name}, work)[name];
}

inline std::map<std::string, int> phase_counts(const std::vector<std::string>& names, const std::function<void()>& work) {
  PhaseClock clock;
  PhaseClock::install(&clock);
  struct Uninstall {
    ~Uninstall() { PhaseClock::install(nullptr); }
  } uninstall;
  work();
  std::map<std::string, int> counts;
  for (const std::string& name : names) counts[name] = 0;
  for (const PhaseClock::Phase& phase : clock.phases()) {
    if (counts.count(phase.name) > 0) counts[phase.name] += phase.count;
  }
  return counts;
}

}  // namespace cudagrade::testing
