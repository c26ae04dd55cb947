// cusim: the device functions of the CUDA dialect (fences, atomics, intrinsics, math, min and max) as plain
// C++, for the CPU simulator. Part of cusim.h, which includes it last; see there.
#pragma once

#include <cmath>
#include <type_traits>

// ---- Memory fences and atomics ---------------------------------------------------------------------------
// Built on the compiler's __atomic builtins so that ThreadSanitizer sees them as atomics, never as races.

inline void __threadfence() { __atomic_thread_fence(__ATOMIC_SEQ_CST); }
inline void __threadfence_block() { __atomic_thread_fence(__ATOMIC_SEQ_CST); }
inline void __threadfence_system() { __atomic_thread_fence(__ATOMIC_SEQ_CST); }

template <typename T, typename Update>
T cusim_atomic_update(T* address, Update update) {
  static_assert(sizeof(T) == 4 || sizeof(T) == 8, "atomics work on 4- and 8-byte words");
  using Word = std::conditional_t<sizeof(T) == 4, ::cusim::u32, ::cusim::u64>;
  Word* word = reinterpret_cast<Word*>(address);
  Word expected = __atomic_load_n(word, __ATOMIC_RELAXED);
  for (;;) {
    T old_value;
    memcpy(&old_value, &expected, sizeof(T));
    T new_value = update(old_value);
    Word desired;
    memcpy(&desired, &new_value, sizeof(T));
    if (__atomic_compare_exchange_n(word, &expected, desired, false, __ATOMIC_SEQ_CST, __ATOMIC_RELAXED))
      return old_value;
  }
}

#define CUSIM_ATOMIC(name, expression)                                                                    \
  template <typename T, typename U>                                                                       \
  T name(T* address, U operand) {                                                                         \
    const T value = static_cast<T>(operand);                                                              \
    return cusim_atomic_update(address, [value](T old) { return static_cast<T>(expression); });           \
  }
CUSIM_ATOMIC(atomicAdd, old + value)
CUSIM_ATOMIC(atomicSub, old - value)
CUSIM_ATOMIC(atomicExch, value)
CUSIM_ATOMIC(atomicMin, old < value ? old : value)
CUSIM_ATOMIC(atomicMax, old > value ? old : value)
CUSIM_ATOMIC(atomicAnd, old & value)
CUSIM_ATOMIC(atomicOr, old | value)
CUSIM_ATOMIC(atomicXor, old ^ value)
#undef CUSIM_ATOMIC
inline unsigned atomicInc(unsigned* address, unsigned limit) {
  return cusim_atomic_update(address, [limit](unsigned old) { return old >= limit ? 0u : old + 1; });
}
inline unsigned atomicDec(unsigned* address, unsigned limit) {
  return cusim_atomic_update(address, [limit](unsigned old) { return (old == 0 || old > limit) ? limit : old - 1; });
}
template <typename T, typename U, typename V>
T atomicCAS(T* address, U compare, V value) {
  T expected = static_cast<T>(compare);
  __atomic_compare_exchange_n(address, &expected, static_cast<T>(value), false, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST);
  return expected;
}

// ---- Device intrinsics and math ------------------------------------------------------------------------

// The cache-hint loads and stores: hints to a GPU's caches, plain accesses here (the race checker and the
// access counter see them as any load or store).
#define CUSIM_CACHE_HINT_LOAD(name) \
  template <typename T>             \
  T name(const T* address) {        \
    return *address;                \
  }
CUSIM_CACHE_HINT_LOAD(__ldg)
CUSIM_CACHE_HINT_LOAD(__ldcg)
CUSIM_CACHE_HINT_LOAD(__ldca)
CUSIM_CACHE_HINT_LOAD(__ldcs)
CUSIM_CACHE_HINT_LOAD(__ldlu)
CUSIM_CACHE_HINT_LOAD(__ldcv)
#undef CUSIM_CACHE_HINT_LOAD
#define CUSIM_CACHE_HINT_STORE(name)    \
  template <typename T>                 \
  void name(T* address, typename std::enable_if<true, T>::type value) { \
    *address = value;                   \
  }
CUSIM_CACHE_HINT_STORE(__stwb)
CUSIM_CACHE_HINT_STORE(__stcg)
CUSIM_CACHE_HINT_STORE(__stcs)
CUSIM_CACHE_HINT_STORE(__stwt)
#undef CUSIM_CACHE_HINT_STORE
// A hint that the thread may sleep; threads here switch only where they wait.
inline void __nanosleep(unsigned) {}
inline int __popc(unsigned x) { return __builtin_popcount(x); }
inline int __popcll(unsigned long long x) { return __builtin_popcountll(x); }
inline int __clz(int x) { return x == 0 ? 32 : __builtin_clz(static_cast<unsigned>(x)); }
inline int __clzll(long long x) { return x == 0 ? 64 : __builtin_clzll(static_cast<unsigned long long>(x)); }
inline int __ffs(int x) { return __builtin_ffs(x); }
inline int __ffsll(long long x) { return __builtin_ffsll(x); }
inline unsigned __brev(unsigned x) {
  unsigned r = 0;
  for (int i = 0; i < 32; ++i) r |= ((x >> i) & 1u) << (31 - i);
  return r;
}
inline float __fdividef(float x, float y) { return x / y; }
inline float __expf(float x) { return std::exp(x); }
inline float __logf(float x) { return std::log(x); }
inline float __sinf(float x) { return std::sin(x); }
inline float __cosf(float x) { return std::cos(x); }
inline float __powf(float x, float y) { return std::pow(x, y); }
inline float __fmaf_rn(float x, float y, float z) { return std::fma(x, y, z); }
inline float __fmul_rn(float x, float y) { return x * y; }
inline float __fadd_rn(float x, float y) { return x + y; }
inline double __fma_rn(double x, double y, double z) { return std::fma(x, y, z); }
inline float __saturatef(float x) { return x < 0.0f ? 0.0f : (x > 1.0f ? 1.0f : x); }
inline float rsqrtf(float x) { return 1.0f / std::sqrt(x); }
inline double rsqrt(double x) { return 1.0 / std::sqrt(x); }
inline float __int2float_rn(int x) { return static_cast<float>(x); }
// The low 24 bits of each operand (sign-extended for __mul24), multiplied: the low 32 bits of the product.
inline int __mul24(int x, int y) {
  const long long a = static_cast<int>(static_cast<unsigned>(x) << 8) >> 8, b = static_cast<int>(static_cast<unsigned>(y) << 8) >> 8;
  return static_cast<int>(static_cast<unsigned>(a * b));
}
inline unsigned __umul24(unsigned x, unsigned y) {
  return static_cast<unsigned>(static_cast<unsigned long long>(x & 0xffffffu) * (y & 0xffffffu));
}
inline float __int_as_float(int x) {
  float f;
  memcpy(&f, &x, 4);
  return f;
}
inline int __float_as_int(float f) {
  int x;
  memcpy(&x, &f, 4);
  return x;
}
// The rest of CUDA's bit casts (radix sorts key floats by __float_as_uint, atomicMax on doubles goes through
// __double_as_longlong).
template <typename To, typename From>
inline To cusim_bit_cast(From from) {
  static_assert(sizeof(To) == sizeof(From));
  To to;
  memcpy(&to, &from, sizeof to);
  return to;
}
inline unsigned int __float_as_uint(float f) {
  return cusim_bit_cast<unsigned int>(f);
}
inline float __uint_as_float(unsigned int x) {
  return cusim_bit_cast<float>(x);
}
inline long long __double_as_longlong(double d) {
  return cusim_bit_cast<long long>(d);
}
inline double __longlong_as_double(long long x) {
  return cusim_bit_cast<double>(x);
}
inline int __double2hiint(double d) {
  return static_cast<int>(cusim_bit_cast<unsigned long long>(d) >> 32);
}
inline int __double2loint(double d) {
  return static_cast<int>(cusim_bit_cast<unsigned long long>(d));
}
inline double __hiloint2double(int hi, int lo) {
  return cusim_bit_cast<double>((static_cast<unsigned long long>(static_cast<unsigned int>(hi)) << 32) |
                                static_cast<unsigned int>(lo));
}

// CUDA's global min and max overloads for device code.
#define CUSIM_MIN_MAX(T)                              \
  inline T min(T a, T b) { return b < a ? b : a; }   \
  inline T max(T a, T b) { return a < b ? b : a; }
CUSIM_MIN_MAX(int)
CUSIM_MIN_MAX(unsigned int)
CUSIM_MIN_MAX(long)
CUSIM_MIN_MAX(unsigned long)
CUSIM_MIN_MAX(long long)
CUSIM_MIN_MAX(unsigned long long)
CUSIM_MIN_MAX(float)
CUSIM_MIN_MAX(double)
#undef CUSIM_MIN_MAX
// CUDA's mixed-sign overloads: min(n, blockDim.x) compiles with nvcc, so it must here.
inline unsigned int min(int a, unsigned int b) { return min(static_cast<unsigned int>(a), b); }
inline unsigned int min(unsigned int a, int b) { return min(a, static_cast<unsigned int>(b)); }
inline unsigned int max(int a, unsigned int b) { return max(static_cast<unsigned int>(a), b); }
inline unsigned int max(unsigned int a, int b) { return max(a, static_cast<unsigned int>(b)); }
inline unsigned long long min(long long a, unsigned long long b) { return min(static_cast<unsigned long long>(a), b); }
inline unsigned long long min(unsigned long long a, long long b) { return min(a, static_cast<unsigned long long>(b)); }
inline unsigned long long max(long long a, unsigned long long b) { return max(static_cast<unsigned long long>(a), b); }
inline unsigned long long max(unsigned long long a, long long b) { return max(a, static_cast<unsigned long long>(b)); }
inline double min(float a, double b) { return min(static_cast<double>(a), b); }
inline double min(double a, float b) { return min(a, static_cast<double>(b)); }
inline double max(float a, double b) { return max(static_cast<double>(a), b); }
inline double max(double a, float b) { return max(a, static_cast<double>(b)); }
