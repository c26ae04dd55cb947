// What one timed kernel produced: the samples' statistics, as the runner measured them and every report
// shows them.
#pragma once

namespace cudagrade {

struct Timing {
  int samples = 0;
  double median_ms = 0, min_ms = 0, max_ms = 0, noise = 0;
};

}  // namespace cudagrade
