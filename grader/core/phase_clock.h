// Where a grading run's wall time goes, phase by phase (`cudagrade check --phases`): the measurement behind
// docs/BENCHMARKS.md's self-check table. As ninja's metrics, a phase is timed only while a clock is installed,
// so a normal run pays one null check per phase.
#pragma once

#include <chrono>
#include <mutex>
#include <string>
#include <vector>

namespace cudagrade {

class PhaseClock {
 public:
  struct Phase {
    std::string name;
    int count = 0;
    double total_ms = 0;
  };

  // Adds one timed span of `name`; phases keep the order in which they were first seen.
  void add(const std::string& name, double milliseconds);
  std::vector<Phase> phases() const;
  // "phase  count  total ms  share" lines, the share out of `wall_ms`.
  std::string table(double wall_ms) const;

  // The clock ScopedPhase records into, or null (the default): installed by the command that prints it.
  static PhaseClock* installed();
  static void install(PhaseClock* clock);

  // While one lives, phases on its thread go unrecorded: work running beside the graded path (the race
  // check's simulator) is one line of its own, not mixed into the phases it runs in parallel with.
  class QuietThread {
   public:
    QuietThread();
    ~QuietThread();
    QuietThread(const QuietThread&) = delete;
    QuietThread& operator=(const QuietThread&) = delete;

   private:
    bool was_quiet_;
  };

 private:
  mutable std::mutex mutex_;
  std::vector<Phase> phases_;
};

// Times its own lifetime as one span of `name` on the installed clock, if any. Phases may nest (a build
// inside a case); the table says so by indenting nothing: each line is its own span's total.
class ScopedPhase {
 public:
  explicit ScopedPhase(const char* name);
  ~ScopedPhase() { end(); }
  // Ends the span early; the destructor then records nothing more.
  void end();
  ScopedPhase(const ScopedPhase&) = delete;
  ScopedPhase& operator=(const ScopedPhase&) = delete;

 private:
  const char* name_;
  PhaseClock* clock_;
  std::chrono::steady_clock::time_point start_;
};

}  // namespace cudagrade
