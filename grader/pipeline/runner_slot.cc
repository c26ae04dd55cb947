#include "pipeline/runner_slot.h"

#include "core/phase_clock.h"

namespace cudagrade {

RunnerSession* RunnerSlot::session(RunnerReply& failure) {
  if (start_failure_) {
    failure = *start_failure_;
    failure.from_an_earlier_start = true;
    return nullptr;
  }
  if (!session_ || session_->finished()) start_fresh();
  if (!greeted_) {
    ScopedPhase phase("runner start: wait for its hello");
    failure = session_->start(Clock::now() + start_timeout_);
    if (failure.outcome != RunnerReply::Outcome::kOk) {
      session_.reset();
      if (retry_ == StartRetry::kNeverAfterAFailure) start_failure_ = failure;
      return nullptr;
    }
    record_runner_phases(failure);
    greeted_ = true;
    device_ = session_->device();
  }
  used_ = true;
  return session_.get();
}

RunnerSession* RunnerSlot::fresh_session(RunnerReply& failure) {
  if (used_ && !start_failure_) start_fresh();
  return session(failure);
}

void RunnerSlot::start_fresh() {
  ScopedPhase phase("runner start: end the old, spawn the new");
  session_.reset();  // the old process first: never two of one slot at once
  session_ = std::make_unique<RunnerSession>(command_, runner_, time_basis_);
  greeted_ = false;
  used_ = false;
}

}  // namespace cudagrade
