// A class's compiles in the background, in order, the first alone (it also builds the shared harness, which
// the others would all race to build) and then the rest on `jobs` threads at a lower CPU priority: a GPU
// queue grades each student as soon as their file is built, so compiling overlaps grading instead of
// preceding it, and the grading thread, whose kernel launches are timed, keeps its cores.
#pragma once

#include <chrono>
#include <cstddef>
#include <functional>
#include <future>
#include <thread>
#include <vector>

namespace cudagrade {

class BackgroundBuilds {
 public:
  // Starts build(0), build(1), ... build(count - 1); a build's failure is the build's own business (grading
  // builds the file again and reports what went wrong), so `build` must not throw.
  BackgroundBuilds(size_t count, int jobs, std::function<void(size_t)> build);
  ~BackgroundBuilds();  // waits for the builds still running
  BackgroundBuilds(const BackgroundBuilds&) = delete;
  BackgroundBuilds& operator=(const BackgroundBuilds&) = delete;

  void wait_for(size_t index) const { done_[index].wait(); }
  bool is_built(size_t index) const {
    return done_[index].wait_for(std::chrono::seconds(0)) == std::future_status::ready;
  }
  // Seconds from the start until the last build ended; waits for it.
  double seconds();

 private:
  std::vector<std::promise<void>> promises_;
  std::vector<std::shared_future<void>> done_;
  std::chrono::steady_clock::time_point started_;
  std::chrono::steady_clock::time_point finished_;
  std::thread worker_;
};

}  // namespace cudagrade
