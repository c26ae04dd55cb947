// Runs fn(i) for i in [0, count) on all cores. The CPU references of large cases are the grader's own
// hot loops; the work items are independent rows.
#pragma once

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <thread>
#include <vector>

namespace cudagrade {

// Runs fn(i) for i in [0, count) on `workers` threads (at most count).
template <typename Function>
void parallel_for(int64_t count, int64_t workers_wanted, Function fn) {
  const int64_t workers = std::min<int64_t>(count, std::max<int64_t>(1, workers_wanted));
  if (workers <= 1) {
    for (int64_t i = 0; i < count; ++i) fn(i);
    return;
  }
  std::atomic<int64_t> next{0};
  std::vector<std::thread> threads;
  for (int64_t w = 0; w < workers; ++w) {
    threads.emplace_back([&] {
      for (int64_t i = next++; i < count; i = next++) fn(i);
    });
  }
  for (std::thread& thread : threads) thread.join();
}

template <typename Function>
void parallel_for(int64_t count, Function fn) {
  parallel_for(count, std::max(1u, std::thread::hardware_concurrency()), fn);
}

}  // namespace cudagrade
