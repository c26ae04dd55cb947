// What one timed kernel produced: the samples' statistics, as the runner measured them and every report
// shows them, and how long the grader waited for them.
#pragma once

namespace cudagrade {

struct Timing {
  int samples = 0;
  double median_ms = 0, min_ms = 0, max_ms = 0, noise = 0;
  // The grader's own clock from sending the request to reading the reply: the one number here that is not
  // the runner's word (check/reported_time.h holds the others against it). 0 when not measured.
  double wall_ms = 0;
};

}  // namespace cudagrade
