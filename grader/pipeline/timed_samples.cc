#include "pipeline/timed_samples.h"

#include <cstring>
#include <stdexcept>

#include "core/parallel.h"
#include "core/random.h"

namespace cudagrade {

uint64_t mixable_buffers(const Workload& set) {
  uint64_t mask = 0;
  for (size_t i = 0; i < set.buffers.size() && i < sample_mixing::kMaxMixedBuffers; ++i) {
    if (set.buffers[i].mixable && !set.buffers[i].bytes.empty()) mask |= uint64_t{1} << i;
  }
  return mask;
}

Workload mixed_sample(std::span<const Workload> sets, const sample_mixing::Mixing& mixing, int64_t sample) {
  const auto set_count = static_cast<uint32_t>(sets.size());
  const Workload& base = sets[sample_mixing::base_set(static_cast<uint64_t>(sample), set_count)];
  Workload mixed;
  mixed.dims = base.dims;
  mixed.buffers = base.buffers;
  if (!sample_mixing::is_mixed(mixing.seed, static_cast<uint64_t>(sample), set_count)) return mixed;
  const uint64_t key = sample_mixing::sample_key(mixing.seed, static_cast<uint64_t>(sample));
  for (size_t b = 0; b < mixed.buffers.size(); ++b) {
    if (!sample_mixing::mixes(mixing.mixed_buffers, b)) continue;
    HostBuffer& buffer = mixed.buffers[b];
    const size_t width = buffer.width();
    constexpr int64_t kChunk = 1 << 16;
    const auto count = static_cast<int64_t>(buffer.count);
    parallel_for((count + kChunk - 1) / kChunk, [&](int64_t chunk) {
      const int64_t end = std::min(count, (chunk + 1) * kChunk);
      for (int64_t i = chunk * kChunk; i < end; ++i) {
        const uint32_t from = sample_mixing::source_set(key, static_cast<uint64_t>(i), set_count);
        const std::byte* source = sets[from].buffers[b].bytes.data() + static_cast<size_t>(i) * width;
        std::memcpy(buffer.bytes.data() + static_cast<size_t>(i) * width, source, width);
      }
    });
  }
  return mixed;
}

TimedSamples::TimedSamples(std::span<const Workload> sets) : TimedSamples(sets, unpredictable_nonzero_u64()) {}

TimedSamples::TimedSamples(std::span<const Workload> sets, uint64_t seed)
    : sets_(sets), seed_(seed), mixed_buffers_(sets.size() > 1 ? mixable_buffers(sets.front()) : 0) {
  if (sets.empty()) throw std::logic_error("TimedSamples without input sets");
}

const Workload& TimedSamples::sample(int64_t sample) {
  if (mixed_buffers_ == 0 ||
      !sample_mixing::is_mixed(seed_, static_cast<uint64_t>(sample), static_cast<uint32_t>(sets_.size()))) {
    return sets_[sample_mixing::base_set(static_cast<uint64_t>(sample), static_cast<uint32_t>(sets_.size()))];
  }
  std::lock_guard lock(mutex_);
  std::unique_ptr<const Workload>& made = made_[sample];
  if (!made)
    made = std::make_unique<const Workload>(mixed_sample(sets_, mixing(sample_mixing::Audit::kRandom), sample));
  return *made;
}

}  // namespace cudagrade
