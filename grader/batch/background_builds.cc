#include "batch/background_builds.h"

#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "core/parallel.h"

namespace cudagrade {
namespace {

// Nice 10 for the calling thread, and so for the threads and compilers it starts (Linux keeps a nice value
// per thread, and a new thread or process inherits its creator's).
void lower_this_threads_priority() {
  setpriority(PRIO_PROCESS, static_cast<id_t>(syscall(SYS_gettid)), 10);  // best effort: unlowered is only slower
}

}  // namespace

BackgroundBuilds::BackgroundBuilds(size_t count, int jobs, std::function<void(size_t)> build)
    : promises_(count), started_(std::chrono::steady_clock::now()) {
  for (std::promise<void>& promise : promises_) done_.push_back(promise.get_future().share());
  worker_ = std::thread([this, count, jobs, build = std::move(build)] {
    lower_this_threads_priority();
    auto build_one = [&](size_t index) {
      build(index);
      promises_[index].set_value();
    };
    if (count > 0) build_one(0);
    parallel_for(static_cast<int64_t>(count) - 1, jobs, [&](int64_t i) { build_one(static_cast<size_t>(i) + 1); });
    finished_ = std::chrono::steady_clock::now();
  });
}

BackgroundBuilds::~BackgroundBuilds() {
  if (worker_.joinable()) worker_.join();
}

double BackgroundBuilds::seconds() {
  if (worker_.joinable()) worker_.join();
  return std::chrono::duration<double>(finished_ - started_).count();
}

}  // namespace cudagrade
