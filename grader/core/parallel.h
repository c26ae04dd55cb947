// Runs fn(i) for i in [0, count) on the cores this process may use. The CPU references of large cases are the
// grader's own hot loops, and a build compiles the harness's objects side by side; the work items are
// independent.
#pragma once

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <exception>
#include <future>
#include <mutex>
#include <system_error>
#include <thread>
#include <vector>

namespace cudagrade {

// The CPUs this process may run on (its affinity mask), not every CPU the machine has: a container or a batch
// job is often given two of a machine's hundred, and a thread per machine CPU only makes them queue.
int64_t usable_cores();

// Runs fn(i) for i in [0, count) on at most `workers_wanted` threads, the calling thread among them.
// A worker's exception stops the other workers taking new items and is rethrown here once all have joined, so
// it reaches the caller (and main's one report of a broken grader) instead of terminating the process. A thread
// that cannot be started (the machine's thread or process limit) leaves its share to the threads that did.
template <typename Function>
void parallel_for(int64_t count, int64_t workers_wanted, Function fn) {
  const int64_t workers = std::min<int64_t>(count, std::max<int64_t>(1, workers_wanted));
  if (workers <= 1) {
    for (int64_t i = 0; i < count; ++i) fn(i);
    return;
  }
  std::atomic<int64_t> next{0};
  std::mutex failure_mutex;
  std::exception_ptr failure;
  auto work = [&] {
    for (int64_t i = next++; i < count; i = next++) {
      try {
        fn(i);
      } catch (...) {
        const std::lock_guard<std::mutex> lock(failure_mutex);
        if (!failure) failure = std::current_exception();
        next = count;
      }
    }
  };
  {
    std::vector<std::jthread> helpers;  // jthread joins when destroyed, also while unwinding
    try {
      for (int64_t w = 1; w < workers; ++w) helpers.emplace_back(work);
    } catch (const std::system_error&) {
      // Fewer helpers than wanted: the items are shared out dynamically, so the ones running take the rest.
    }
    work();
  }
  if (failure) std::rethrow_exception(failure);
}

// Starts fn on a thread of its own, for work done beside the caller's whose result the caller will get().
// Where no thread can be started, fn runs in the caller's get() instead: slower, but the same result.
template <typename Function>
auto run_beside(Function fn) -> std::future<decltype(fn())> {
  try {
    return std::async(std::launch::async, fn);
  } catch (const std::system_error&) {
    return std::async(std::launch::deferred, std::move(fn));
  }
}

template <typename Function>
void parallel_for(int64_t count, Function fn) {
  parallel_for(count, usable_cores(), fn);
}

}  // namespace cudagrade
