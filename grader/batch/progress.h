// Progress of a class's grading run: a bar with a count and an ETA redrawn in place on a terminal, and one
// plain line per student otherwise (CI logs, files), so both a person and a log reader can follow it.
#pragma once

#include <chrono>
#include <ostream>
#include <string>

namespace cudagrade {

class Progress {
 public:
  Progress(std::ostream& out, int total, bool terminal);
  // One more student done; `line` says who and how ("2015000001 passed 19/26").
  void advance(const std::string& line);
  void finish();

 private:
  std::string eta() const;

  std::ostream& out_;
  int total_;
  int done_ = 0;
  bool terminal_;
  std::chrono::steady_clock::time_point began_ = std::chrono::steady_clock::now();
};

}  // namespace cudagrade
