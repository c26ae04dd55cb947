// The inputs each timed sample of one case saw, rebuilt by the grader from the case's sets and the seed it drew
// for the case's timing requests (model/sample_mixing.h), so that the samples the harness hands back are judged
// against their own inputs. A sample's Workload is made once and kept, and its expected values with it: the
// reference's and the baselines' requests share the seed, and so share the samples they hand back.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <span>

#include "model/sample_mixing.h"
#include "model/workload.h"

namespace cudagrade {

// The buffers of `set` that a request may mix, one bit each (HostBuffer::mixable).
uint64_t mixable_buffers(const Workload& set);

// Sample `sample`'s inputs: the base set, with each mixed buffer's elements taken from the sets the hash
// names. `sets` must all have the same buffers (they are one case's).
Workload mixed_sample(std::span<const Workload> sets, const sample_mixing::Mixing& mixing, int64_t sample);

class TimedSamples {
 public:
  // A fresh seed from the kernel's random source: nothing in an earlier run or request predicts the mix.
  explicit TimedSamples(std::span<const Workload> sets);
  TimedSamples(std::span<const Workload> sets, uint64_t seed);

  // What a timing request sends: the seed, the buffers mixed, and how the harness picks the samples it returns.
  sample_mixing::Mixing mixing(sample_mixing::Audit audit) const { return {seed_, mixed_buffers_, audit}; }
  std::span<const Workload> sets() const { return sets_; }
  // Safe to call from several threads; a set itself when the sample mixes nothing (the first sample of each
  // set, model/sample_mixing.h's is_mixed).
  const Workload& sample(int64_t sample);

 private:
  std::span<const Workload> sets_;
  uint64_t seed_;
  uint64_t mixed_buffers_;
  std::mutex mutex_;
  std::map<int64_t, std::unique_ptr<const Workload>> made_;
};

}  // namespace cudagrade
