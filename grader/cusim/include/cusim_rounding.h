// cusim: CUDA's arithmetic and conversions in each rounding mode (__fadd_rd, __fdiv_ru, __fmaf_rz, __dsqrt_rd,
// __float2int_ru, __ll2float_rz, __double2float_rd, ...), as plain C++: the host's own IEEE instruction run in
// that mode. Part of cusim.h. scripts/device-intrinsics-diff.sh compares every one with an H200's answers.
// No macro is defined here but the table's own, undefined after use: a file could test a name.
#pragma once

#include <cmath>
#include <limits>

namespace cusim {

// The host's IEEE rounding mode, set for the scope's life. CUDA's _rd, _ru and _rz intrinsics run the host's
// own instruction in that mode, on operands read through volatile so that the compiler neither folds the
// operation nor moves it out of the scope. Threads switch only where they wait, never inside one.
enum class Rounding { kNearest, kDown, kUp, kTowardZero };
class RoundingScope {
 public:
  explicit RoundingScope(Rounding mode);
  ~RoundingScope();
  RoundingScope(const RoundingScope&) = delete;
  RoundingScope& operator=(const RoundingScope&) = delete;

 private:
  int saved_;
};


template <typename T, typename Op>
T rounded(Rounding mode, T x, T y, Op op) {
  const RoundingScope scope(mode);
  volatile T a = x, b = y;
  volatile T result = op(T(a), T(b));
  return result;
}
template <typename T>
T fused(Rounding mode, T x, T y, T z) {
  const RoundingScope scope(mode);
  volatile T a = x, b = y, c = z;
  volatile T result = std::fma(T(a), T(b), T(c));
  return result;
}
template <typename To, typename From>
To converted(Rounding mode, From x) {
  const RoundingScope scope(mode);
  volatile From value = x;
  volatile To result = static_cast<To>(From(value));
  return result;
}
// A float or double rounded to an integer type as the GPU's cvt does: saturated at the type's limits. NaN is the
// top bit alone, but 0 from a float to a 32-bit type (an H200's answers, scripts/intrinsics-diff/).
template <typename Int, typename F>
Int to_integer(F integral) {
  if (std::isnan(integral)) return sizeof(Int) == 4 && sizeof(F) == 4 ? Int(0) : Int(1ull << (8 * sizeof(Int) - 1));
  if (integral <= static_cast<F>(std::numeric_limits<Int>::min())) return std::numeric_limits<Int>::min();
  if (integral >= static_cast<F>(std::numeric_limits<Int>::max())) return std::numeric_limits<Int>::max();
  return static_cast<Int>(integral);
}
}  // namespace cusim

// ---- Arithmetic in each rounding mode --------------------------------------------------------------------

inline float __fsub_rn(float x, float y) {
  return x - y;
}
inline float __fdiv_rn(float x, float y) {
  return x / y;
}
inline float __frcp_rn(float x) {
  return 1.0f / x;
}
inline float __fsqrt_rn(float x) {
  return std::sqrt(x);
}
inline float __frsqrt_rn(float x) {
  return static_cast<float>(1.0 / std::sqrt(static_cast<double>(x)));
}
inline float __fmaf_ieee_rn(float x, float y, float z) {
  return std::fma(x, y, z);
}
inline double __dadd_rn(double x, double y) {
  return x + y;
}
inline double __dsub_rn(double x, double y) {
  return x - y;
}
inline double __dmul_rn(double x, double y) {
  return x * y;
}
inline double __ddiv_rn(double x, double y) {
  return x / y;
}
inline double __drcp_rn(double x) {
  return 1.0 / x;
}
inline double __dsqrt_rn(double x) {
  return std::sqrt(x);
}

#define CUSIM_ROUNDED(suffix, mode)                                                       \
  inline float __fadd_##suffix(float x, float y) {                                        \
    return ::cusim::rounded(mode, x, y, [](float a, float b) { return a + b; });          \
  }                                                                                       \
  inline float __fsub_##suffix(float x, float y) {                                        \
    return ::cusim::rounded(mode, x, y, [](float a, float b) { return a - b; });          \
  }                                                                                       \
  inline float __fmul_##suffix(float x, float y) {                                        \
    return ::cusim::rounded(mode, x, y, [](float a, float b) { return a * b; });          \
  }                                                                                       \
  inline float __fdiv_##suffix(float x, float y) {                                        \
    return ::cusim::rounded(mode, x, y, [](float a, float b) { return a / b; });          \
  }                                                                                       \
  inline float __frcp_##suffix(float x) {                                                 \
    return ::cusim::rounded(mode, 1.0f, x, [](float a, float b) { return a / b; });       \
  }                                                                                       \
  inline float __fsqrt_##suffix(float x) {                                                \
    return ::cusim::rounded(mode, x, 0.0f, [](float a, float) { return std::sqrt(a); });  \
  }                                                                                       \
  inline float __fmaf_##suffix(float x, float y, float z) {                               \
    return ::cusim::fused(mode, x, y, z);                                                 \
  }                                                                                       \
  inline float __fmaf_ieee_##suffix(float x, float y, float z) {                          \
    return ::cusim::fused(mode, x, y, z);                                                 \
  }                                                                                       \
  inline double __dadd_##suffix(double x, double y) {                                     \
    return ::cusim::rounded(mode, x, y, [](double a, double b) { return a + b; });        \
  }                                                                                       \
  inline double __dsub_##suffix(double x, double y) {                                     \
    return ::cusim::rounded(mode, x, y, [](double a, double b) { return a - b; });        \
  }                                                                                       \
  inline double __dmul_##suffix(double x, double y) {                                     \
    return ::cusim::rounded(mode, x, y, [](double a, double b) { return a * b; });        \
  }                                                                                       \
  inline double __ddiv_##suffix(double x, double y) {                                     \
    return ::cusim::rounded(mode, x, y, [](double a, double b) { return a / b; });        \
  }                                                                                       \
  inline double __drcp_##suffix(double x) {                                               \
    return ::cusim::rounded(mode, 1.0, x, [](double a, double b) { return a / b; });      \
  }                                                                                       \
  inline double __dsqrt_##suffix(double x) {                                              \
    return ::cusim::rounded(mode, x, 0.0, [](double a, double) { return std::sqrt(a); }); \
  }                                                                                       \
  inline double __fma_##suffix(double x, double y, double z) {                            \
    return ::cusim::fused(mode, x, y, z);                                                 \
  }                                                                                       \
  inline float __int2float_##suffix(int x) {                                              \
    return ::cusim::converted<float>(mode, x);                                            \
  }                                                                                       \
  inline float __uint2float_##suffix(unsigned x) {                                        \
    return ::cusim::converted<float>(mode, x);                                            \
  }                                                                                       \
  inline float __ll2float_##suffix(long long x) {                                         \
    return ::cusim::converted<float>(mode, x);                                            \
  }                                                                                       \
  inline float __ull2float_##suffix(unsigned long long x) {                               \
    return ::cusim::converted<float>(mode, x);                                            \
  }                                                                                       \
  inline double __ll2double_##suffix(long long x) {                                       \
    return ::cusim::converted<double>(mode, x);                                           \
  }                                                                                       \
  inline double __ull2double_##suffix(unsigned long long x) {                             \
    return ::cusim::converted<double>(mode, x);                                           \
  }                                                                                       \
  inline float __double2float_##suffix(double x) {                                        \
    return ::cusim::converted<float>(mode, x);                                            \
  }
CUSIM_ROUNDED(rd, ::cusim::Rounding::kDown)
CUSIM_ROUNDED(ru, ::cusim::Rounding::kUp)
CUSIM_ROUNDED(rz, ::cusim::Rounding::kTowardZero)
#undef CUSIM_ROUNDED
inline float __uint2float_rn(unsigned x) {
  return static_cast<float>(x);
}
inline float __ll2float_rn(long long x) {
  return static_cast<float>(x);
}
inline float __ull2float_rn(unsigned long long x) {
  return static_cast<float>(x);
}
inline double __ll2double_rn(long long x) {
  return static_cast<double>(x);
}
inline double __ull2double_rn(unsigned long long x) {
  return static_cast<double>(x);
}
inline double __int2double_rn(int x) {
  return x;
}
inline double __uint2double_rn(unsigned x) {
  return x;
}
inline float __double2float_rn(double x) {
  return static_cast<float>(x);
}

// Floating point to integers: the integral value in the mode, then saturated as cvt saturates.
#define CUSIM_TO_INTEGER(suffix, integral)                       \
  inline int __float2int_##suffix(float x) {                     \
    return ::cusim::to_integer<int>(integral(x));                \
  }                                                              \
  inline unsigned __float2uint_##suffix(float x) {               \
    return ::cusim::to_integer<unsigned>(integral(x));           \
  }                                                              \
  inline long long __float2ll_##suffix(float x) {                \
    return ::cusim::to_integer<long long>(integral(x));          \
  }                                                              \
  inline unsigned long long __float2ull_##suffix(float x) {      \
    return ::cusim::to_integer<unsigned long long>(integral(x)); \
  }                                                              \
  inline int __double2int_##suffix(double x) {                   \
    return ::cusim::to_integer<int>(integral(x));                \
  }                                                              \
  inline unsigned __double2uint_##suffix(double x) {             \
    return ::cusim::to_integer<unsigned>(integral(x));           \
  }                                                              \
  inline long long __double2ll_##suffix(double x) {              \
    return ::cusim::to_integer<long long>(integral(x));          \
  }                                                              \
  inline unsigned long long __double2ull_##suffix(double x) {    \
    return ::cusim::to_integer<unsigned long long>(integral(x)); \
  }
CUSIM_TO_INTEGER(rd, std::floor)
CUSIM_TO_INTEGER(ru, std::ceil)
CUSIM_TO_INTEGER(rz, std::trunc)
#undef CUSIM_TO_INTEGER
// Round half to even: nearbyint in the default mode, which the simulator never leaves outside a RoundingScope.
inline int __float2int_rn(float x) {
  return ::cusim::to_integer<int>(std::nearbyint(x));
}
inline unsigned __float2uint_rn(float x) {
  return ::cusim::to_integer<unsigned>(std::nearbyint(x));
}
inline long long __float2ll_rn(float x) {
  return ::cusim::to_integer<long long>(std::nearbyint(x));
}
inline unsigned long long __float2ull_rn(float x) {
  return ::cusim::to_integer<unsigned long long>(std::nearbyint(x));
}
inline int __double2int_rn(double x) {
  return ::cusim::to_integer<int>(std::nearbyint(x));
}
inline unsigned __double2uint_rn(double x) {
  return ::cusim::to_integer<unsigned>(std::nearbyint(x));
}
inline long long __double2ll_rn(double x) {
  return ::cusim::to_integer<long long>(std::nearbyint(x));
}
inline unsigned long long __double2ull_rn(double x) {
  return ::cusim::to_integer<unsigned long long>(std::nearbyint(x));
}

