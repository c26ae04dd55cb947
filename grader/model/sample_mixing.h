// Inputs a timed call cannot have seen (issue #33, "timing cannot be replayed"). A file that remembers its last
// answers, keyed by a few sampled input elements, answered every timed call of a 4096^3 matmul from memory
// while the timed calls rotated through two input sets. So each timed sample s gets inputs of its own: every
// element of a buffer whose generator draws each element alone (labdef's `mixable`) is taken from one of the
// case's sets, chosen by a hash of (seed, s, element); everything else is the base set s % sets. 2^n such
// mixes exist, and the answer to one cannot be derived from remembered answers without reading every element.
// The grader draws the seed per request and rebuilds any sample's inputs from it (pipeline/timed_samples.h),
// so the harness can return a sample's buffers for judging without saying what they were.
//
// Header-only and free of the standard library, because the GPU runner's mixing kernel uses it on the device
// (harness/timing_loop.cuh) and the grader and the fake runner on the host: all three must agree bit for bit.
#pragma once

#include <cstdint>

#if defined(__CUDACC__)
#define CUDAGRADE_HOST_DEVICE __host__ __device__
#else
#define CUDAGRADE_HOST_DEVICE
#endif

namespace cudagrade::sample_mixing {

// At most this many sets take part in a mix (the arena may hold more: they are then never mixed in).
inline constexpr uint32_t kMaxMixedSets = 8;
// Buffers are named in the request by bit; later buffers of a set are never mixed.
inline constexpr uint32_t kMaxMixedBuffers = 64;

// Which timed samples the harness hands back for judging, one per set slot of the arena: a uniform choice
// among all samples, drawn after each call (the student's), or simply the first ones (a trusted runner's,
// whose answers the grader can then prepare while it times).
enum class Audit : uint32_t { kRandom = 0, kFirst = 1 };

struct Mixing {
  uint64_t seed = 0;  // 0: every sample is its base set
  uint64_t mixed_buffers = 0;
  Audit audit = Audit::kRandom;
};

CUDAGRADE_HOST_DEVICE inline uint64_t splitmix64(uint64_t x) {
  x += 0x9E3779B97F4A7C15ull;
  x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
  x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
  return x ^ (x >> 31);
}

// The key of timed sample `sample` in a request mixed with `seed` (seed 0: no mixing at all).
CUDAGRADE_HOST_DEVICE inline uint64_t sample_key(uint64_t seed, uint64_t sample) {
  return splitmix64(seed ^ splitmix64(sample));
}

// Whether sample `sample` is mixed at all. The first sample of each set is not: a trusted runner hands those back
// (Audit::kFirst), so their answers are the sets' own, already prepared, and its harness does the same work per
// sample as the student's. A file that remembers the sets' answers gains on `sets` samples of at least ten.
CUDAGRADE_HOST_DEVICE inline bool is_mixed(uint64_t seed, uint64_t sample, uint32_t sets) {
  return seed != 0 && sets > 1 && sample >= sets;
}

// The set a timed sample's inputs come from where a buffer is not mixed, and its guards and outputs.
CUDAGRADE_HOST_DEVICE inline uint32_t base_set(uint64_t sample, uint32_t sets) {
  return static_cast<uint32_t>(sample % sets);
}

// The set element `element` of a mixed buffer comes from. The same for every buffer of the sample, so a
// relation between buffers at one index (lo[i] <= hi[i]) survives the mix.
CUDAGRADE_HOST_DEVICE inline uint32_t source_set(uint64_t key, uint64_t element, uint32_t sets) {
  const uint32_t mixed = sets < kMaxMixedSets ? sets : kMaxMixedSets;
  return static_cast<uint32_t>(splitmix64(key + element * 0xD1B54A32D192ED03ull) % mixed);
}

CUDAGRADE_HOST_DEVICE inline bool mixes(uint64_t mixed_buffers, uint64_t buffer) {
  return buffer < kMaxMixedBuffers && ((mixed_buffers >> buffer) & 1u) != 0;
}

}  // namespace cudagrade::sample_mixing
