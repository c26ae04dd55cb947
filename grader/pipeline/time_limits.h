// The time limits a class's cases earned from the references (pipeline/grader_limits.cc), shared by the
// graders of a class: the simulator grades several students at once, a class on several GPUs has a grader per
// GPU, and each case's limit is measured once, by whichever grader needs it first, so that no reference runs
// once per grader and every student is held to the same figure.
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
  // waits for its figure. A `measure` that throws measures nothing and its caller gets the error; a caller
  // that was waiting on it measures again with its own `measure`.
  double measured(const std::string& key, const std::function<double()>& measure);

 private:
  mutable std::mutex mutex_;
  std::map<std::string, std::shared_future<double>> limits_;
};

}  // namespace cudagrade
