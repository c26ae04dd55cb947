// The input generator. Inputs must be the same on every machine and standard library for a given seed, so
// that a failing case can be reproduced anywhere: std::uniform_*_distribution does not promise that.
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <random>
#include <span>

#include "core/parallel.h"
#include <string>

namespace cudagrade {

class SplitMix64 {
 public:
  explicit SplitMix64(uint64_t seed) : state_(seed) {}
  // The generator as it will be after `draws` more calls of next(): SplitMix64's state is a counter.
  SplitMix64 ahead(uint64_t draws) const { return SplitMix64(state_ + draws * kGamma); }

  uint64_t next() {
    uint64_t z = (state_ += kGamma);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
  }

  // An integer in (-10, 10), as in the course assignment.
  int32_t small_integer() { return static_cast<int32_t>(next() % 19) - 9; }

  // A float in [-1, 1) with 24 random bits, so every value is exact in float32.
  float uniform_float() { return static_cast<float>(static_cast<int64_t>(next() >> 40) - (1 << 23)) / (1 << 23); }

  // A double in [0, 1) with 53 random bits.
  double unit() { return static_cast<double>(next() >> 11) * 0x1.0p-53; }

 private:
  static constexpr uint64_t kGamma = 0x9E3779B97F4A7C15ull;
  uint64_t state_;
};

// store(i, draws) for every i in [0, count), as a loop in order would call it, but in chunks on all cores; each
// store must call draws.next() exactly once. `random` ends as the loop would leave it.
template <typename Store>
void fill_in_parallel(size_t count, SplitMix64& random, Store store) {
  constexpr int64_t kChunk = 1 << 20;
  const int64_t total = static_cast<int64_t>(count);
  parallel_for((total + kChunk - 1) / kChunk, [&](int64_t chunk) {
    SplitMix64 draws = random.ahead(static_cast<uint64_t>(chunk * kChunk));
    const int64_t end = std::min(total, (chunk + 1) * kChunk);
    for (int64_t i = chunk * kChunk; i < end; ++i) store(static_cast<size_t>(i), draws);
  });
  random = random.ahead(static_cast<uint64_t>(total));
}

// Seeds for the independent input sets of one case (set 0 is the case's own seed).
inline uint64_t set_seed(uint64_t case_seed, int set_index) {
  return case_seed + 0x632BE59BD9B4E019ull * static_cast<uint64_t>(set_index);
}

// A token nobody can predict, for the runner protocol's nonces: 128 bits from the kernel's random source
// (std::random_device reads getrandom on Linux), as 32 hex digits. Never "0", never reused in practice.
inline std::string unpredictable_hex() {
  thread_local std::random_device entropy;
  std::string token;
  for (int word = 0; word < 4; ++word) {
    char hex[9];
    std::snprintf(hex, sizeof hex, "%08x", static_cast<unsigned>(entropy()));
    token += hex;
  }
  return token;
}

// A 64-bit number nobody can predict, never 0 (a timing request's mixing seed, model/sample_mixing.h).
inline uint64_t unpredictable_nonzero_u64() {
  thread_local std::random_device entropy;
  uint64_t value = 0;
  while (value == 0) value = (uint64_t{entropy()} << 32) | entropy();
  return value;
}

}  // namespace cudagrade
