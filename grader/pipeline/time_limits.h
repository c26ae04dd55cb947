// The time limits a class's cases earned from the references (pipeline/grader_limits.cc), shared by every
// grader of the class: on a GPU several students' correctness runs go at once (batch/batch_grader.h), and each
// case must be measured once, by one of them, so that every student is held to the same limit and no
// reference runs once per grader.
#pragma once

#include <functional>
#include <future>
#include <map>
#include <mutex>
#include <optional>
#include <string>

namespace cudagrade {

class TimeLimits {
 public:
  // The limit for `key` (a case's measurement key), once measured; nullopt while unmeasured or being measured.
  std::optional<double> known(const std::string& key) const;
  // The limit for `key`: measured by `measure` in the first caller; a caller that comes while it measures
  // waits for its figure. A `measure` that throws measures nothing: it and the callers waiting on it get its
  // error, and the next caller measures again.
  double measured(const std::string& key, const std::function<double()>& measure);

 private:
  mutable std::mutex mutex_;
  std::map<std::string, std::shared_future<double>> limits_;
};

}  // namespace cudagrade
