// The computation both sides of scripts/intrinsics-diff/ run: every case of cases.h on kSamples operand sets,
// each result as 64 bits. On the GPU it is device code (probe_gpu.cu); in the simulator's headers it is plain
// C++ (probe_sim.cc, where cusim.h makes __device__ empty). The operands are the same on both sides: special
// values first (zeros, infinities, NaN, limits, halves, the edges of each integer type), then hashed bits.
#pragma once

#include <cstdint>
#include <cstring>

#include "cases.h"

constexpr int kSamples = 4096;

__device__ inline uint64_t mix(uint64_t x) {
  x ^= x >> 33;
  x *= 0xff51afd7ed558ccdull;
  x ^= x >> 33;
  x *= 0xc4ceb9fe1a85ec53ull;
  return x ^ (x >> 33);
}

struct Operands {
  int sample, slot;
  __device__ uint64_t bits(int k) const { return mix((uint64_t(slot) << 48) ^ (uint64_t(sample) << 8) ^ uint64_t(k)); }
  __device__ float f(int k) const {
    const float special[] = {0.0f, -0.0f, 1.0f, -1.0f, 0.5f, -0.5f, 1.5f, 2.5f, -2.5f, 3.0f, 0.1f, 1e-8f,
                             __int_as_float(0x4b800001), 3e9f, -3e9f, 1e20f, -1e20f, 3.4028235e38f, 1.17549435e-38f, 1.4e-45f,
                             __int_as_float(0x7f800000), __int_as_float(0xff800000), __int_as_float(0x7fc00000),
                             0.333333343f, 2.0f, 4.5f, -0.75f, 0.99f, -0.99f, 1e-3f, 26.5f, 100.0f};
    const uint64_t h = bits(k);
    if (sample < 32) return special[(sample + 7 * k) % 32];
    if (h & 1) return __uint_as_float(uint32_t(h >> 32));                        // any bits
    const float unit = float((h >> 40) & 0xffffff) / 16777216.0f;               // [0, 1)
    const int scale = int((h >> 8) & 31) - 12;                                   // 2^-12 .. 2^19
    return ((h >> 2) & 1 ? -unit : unit) * __int_as_float((127 + scale) << 23);
  }
  __device__ double d(int k) const {
    const double special[] = {0.0, -0.0, 1.0, -1.0, 0.5, -0.5, 1.5, 2.5, -2.5, 3.0, 0.1, 1e-20, 9007199254740993.0,
                              1e300, -1e300, 1.7976931348623157e308, 2.2250738585072014e-308, 4.9e-324,
                              __longlong_as_double(0x7ff0000000000000ll), __longlong_as_double((long long)0xfff0000000000000ull),
                              __longlong_as_double(0x7ff8000000000000ll), 3e9, -3e9, 1e19, -1e19, 2.0, 4.5, -0.75,
                              0.99, -0.99, 1e-10, 26.5};
    const uint64_t h = bits(k);
    if (sample < 32) return special[(sample + 7 * k) % 32];
    if (h & 1) return __longlong_as_double((long long)mix(h));
    const double unit = double(h >> 11) / 9007199254740992.0;
    const int scale = int((h >> 3) & 63) - 24;
    return ((h >> 2) & 1 ? -unit : unit) * __longlong_as_double((long long)(uint64_t(1023 + scale) << 52));
  }
  __device__ uint32_t u(int k) const {
    const uint32_t special[] = {0u, 1u, 0xffffffffu, 0x7fffffffu, 0x80000000u, 0x8000u, 0x7fffu, 0xffffu, 0x80u, 0x7fu,
                                0xffu, 0x80008000u, 0x7fff7fffu, 0x80808080u, 0x7f7f7f7fu, 0x01000001u, 16777217u,
                                0xff00ff00u, 0x00ff00ffu, 2u, 3u, 31u, 32u, 33u, 63u, 0x12345678u, 0x87654321u,
                                0xfffeu, 0x10000u, 0xfffffffeu, 0x40000000u, 0xc0000000u};
    if (sample < 32) return special[(sample + 7 * k) % 32];
    return uint32_t(bits(k));
  }
  __device__ int32_t i(int k) const { return int32_t(u(k)); }
  __device__ uint64_t ull(int k) const {
    if (sample < 32) return (uint64_t(u(k)) << ((sample & 1) ? 32 : 0)) | ((sample & 2) ? 0xffffffffull : 0ull);
    return bits(k + 16);
  }
  __device__ int64_t ll(int k) const { return int64_t(ull(k)); }
};

__device__ inline uint64_t result_bits(float x) { return __float_as_uint(x); }
__device__ inline uint64_t result_bits(double x) { return (uint64_t)__double_as_longlong(x); }
__device__ inline uint64_t result_bits(unsigned long long x) { return x; }
__device__ inline uint64_t result_bits(long long x) { return (uint64_t)x; }
__device__ inline uint64_t result_bits(unsigned x) { return x; }
__device__ inline uint64_t result_bits(int x) { return (uint64_t)(int64_t)x; }
// A DPX result and the predicates it set, read after the call (an argument would be read in either order).
__device__ inline unsigned long long pred_and(unsigned value, const bool* low, const bool* high) {
  return (unsigned long long)value | ((unsigned long long)*low << 32) | ((unsigned long long)*high << 33);
}

// The result of case `slot` (its place in PROBE_CASES) on operand set `sample`.
__device__ inline uint64_t run_case(int slot, int sample) {
  const Operands o{sample, slot};
  bool p0 = false, p1 = false;
#define F(k) o.f(k)
#define D(k) o.d(k)
#define I(k) o.i(k)
#define U(k) o.u(k)
#define LL(k) static_cast<long long>(o.ll(k))
#define ULL(k) static_cast<unsigned long long>(o.ull(k))
  int index = 0;
#define PROBE_RUN(name, type, ulps, expression) \
  if (slot == index++) return result_bits(expression);
  PROBE_CASES(PROBE_RUN)
#undef PROBE_RUN
  (void)p0, (void)p1;
  return 0;
}

constexpr int probe_case_count() {
  int count = 0;
#define PROBE_COUNT(name, type, ulps, expression) ++count;
  PROBE_CASES(PROBE_COUNT)
#undef PROBE_COUNT
  return count;
}
