#include "pipeline/runner_slot.h"

namespace cudagrade {

RunnerSession* RunnerSlot::session(RunnerReply& failure) {
  if (session_ && !session_->finished()) return session_.get();
  session_ = std::make_unique<RunnerSession>(command_, runner_);
  failure = session_->start(Clock::now() + kRunnerStartTimeout);
  if (failure.outcome != RunnerReply::Outcome::kOk) {
    session_.reset();
    return nullptr;
  }
  device_ = session_->device();
  return session_.get();
}

}  // namespace cudagrade
