#include "core/phase_clock.h"

#include <fmt/format.h>

#include <atomic>

namespace cudagrade {
namespace {

std::atomic<PhaseClock*> installed_clock{nullptr};
thread_local bool thread_is_quiet = false;

}  // namespace

void PhaseClock::add(const std::string& name, double milliseconds) {
  std::lock_guard lock(mutex_);
  for (Phase& phase : phases_) {
    if (phase.name != name) continue;
    ++phase.count;
    phase.total_ms += milliseconds;
    return;
  }
  phases_.push_back({name, 1, milliseconds});
}

std::vector<PhaseClock::Phase> PhaseClock::phases() const {
  std::lock_guard lock(mutex_);
  return phases_;
}

std::string PhaseClock::table(double wall_ms) const {
  std::string text = fmt::format("{:<44} {:>6} {:>11} {:>7}\n", "phase", "count", "total ms", "share");
  for (const Phase& phase : phases()) {
    const double share = wall_ms > 0 ? 100 * phase.total_ms / wall_ms : 0;
    text += fmt::format("{:<44} {:>6} {:>11.1f} {:>6.1f}%\n", phase.name, phase.count, phase.total_ms, share);
  }
  text += fmt::format("{:<44} {:>6} {:>11.1f} {:>6.1f}%\n", "wall (the whole command)", 1, wall_ms, 100.0);
  return text;
}

PhaseClock* PhaseClock::installed() {
  return thread_is_quiet ? nullptr : installed_clock.load(std::memory_order_relaxed);
}

void PhaseClock::install(PhaseClock* clock) {
  installed_clock.store(clock, std::memory_order_relaxed);
}

PhaseClock::QuietThread::QuietThread() : was_quiet_(thread_is_quiet) {
  thread_is_quiet = true;
}

PhaseClock::QuietThread::~QuietThread() {
  thread_is_quiet = was_quiet_;
}

ScopedPhase::ScopedPhase(const char* name) : name_(name), clock_(PhaseClock::installed()) {
  if (clock_ != nullptr) start_ = std::chrono::steady_clock::now();
}

void ScopedPhase::end() {
  if (clock_ == nullptr) return;
  clock_->add(name_, std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start_).count());
  clock_ = nullptr;
}

}  // namespace cudagrade
