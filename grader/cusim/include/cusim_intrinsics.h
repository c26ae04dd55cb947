// cusim: the rest of CUDA's device intrinsics and math functions that a lab's kernel may call, as plain C++:
// integer intrinsics, the arithmetic and conversions in each rounding mode, the math functions CUDA adds to
// C's, scoped atomics and the cycle counter. Part of cusim.h, which includes it after cusim_device_functions.h.
//
// Which of CUDA 13.0's device functions the simulator declares is a table in tests/data/nvcc/ that
// simulator_table_test.cc holds against these headers; docs/SIMULATOR.md lists those it leaves out, and why.
// No macro is defined here: a file could test its name (cusim_environment.h).
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

// clock64()'s counter: nanoseconds of a monotonic clock, so that differences grow as cycles would.
long long device_clock();
[[noreturn]] void trap();

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
// A float or double rounded to an integer type as the GPU's cvt does: saturated at the type's limits, NaN to 0
// (to the lowest value for 64-bit types, as CUDA documents).
template <typename Int, typename F>
Int to_integer(F integral) {
  if (std::isnan(integral)) return sizeof(Int) == 8 ? Int(1ull << 63) : Int(0);
  if (integral <= static_cast<F>(std::numeric_limits<Int>::min())) return std::numeric_limits<Int>::min();
  if (integral >= static_cast<F>(std::numeric_limits<Int>::max())) return std::numeric_limits<Int>::max();
  return static_cast<Int>(integral);
}
// sin(pi x) with x reduced exactly to [-1/2, 1/2] first, so that integers and halves give exact results.
inline double sin_pi(double x) {
  double r = std::fmod(x, 2.0);
  if (r > 1.0) r -= 2.0;
  if (r < -1.0) r += 2.0;
  if (r > 0.5) r = 1.0 - r;
  if (r < -0.5) r = -1.0 - r;
  return std::sin(3.14159265358979323846 * r);
}
inline double cos_pi(double x) {
  double r = std::fabs(std::fmod(x, 2.0));
  if (r > 1.0) r = 2.0 - r;
  return sin_pi(0.5 - r);
}
// erfinv and erfcinv: Newton's method on erf or erfc from Giles's single-precision approximation; each step
// doubles the digits, and three reach double precision.
inline double erf_inverse(double y) {
  if (std::isnan(y) || y < -1.0 || y > 1.0) return std::numeric_limits<double>::quiet_NaN();
  if (y == 1.0 || y == -1.0) return y * std::numeric_limits<double>::infinity();
  double w = -std::log((1.0 - y) * (1.0 + y)), x;
  if (w < 5.0) {
    w -= 2.5;
    double p = 2.81022636e-08;
    for (double c : {3.43273939e-07, -3.5233877e-06, -4.39150654e-06, 0.00021858087, -0.00125372503,
                     -0.00417768164, 0.246640727, 1.50140941})
      p = c + p * w;
    x = p * y;
  } else {
    w = std::sqrt(w) - 3.0;
    double p = -0.000200214257;
    for (double c : {0.000100950558, 0.00134934322, -0.00367342844, 0.00573950773, -0.0076224613, 0.00943887047,
                     1.00167406, 2.83297682})
      p = c + p * w;
    x = p * y;
  }
  for (int step = 0; step < 3; ++step) x -= (std::erf(x) - y) / (1.1283791670955126 * std::exp(-x * x));
  return x;
}
inline double erfc_inverse(double y) {
  if (std::isnan(y) || y < 0.0 || y > 2.0) return std::numeric_limits<double>::quiet_NaN();
  if (y == 0.0) return std::numeric_limits<double>::infinity();
  if (y == 2.0) return -std::numeric_limits<double>::infinity();
  if (y > 0.0625 && y < 1.9375) return erf_inverse(1.0 - y);
  // In the tails 1 - y loses the digits that matter: Newton on erfc itself, which keeps them.
  const bool upper = y < 1.0;
  const double tail = upper ? y : 2.0 - y;
  double x = std::sqrt(-std::log(tail * std::sqrt(3.14159265358979323846) * std::sqrt(-std::log(tail))));
  for (int step = 0; step < 8; ++step) x += (std::erfc(x) - tail) / (1.1283791670955126 * std::exp(-x * x));
  return upper ? x : -x;
}
// exp(x^2) erfc(x), without overflow: x^2 split exactly into two parts, and the asymptotic series past 26.
inline double scaled_erfc(double x) {
  if (x < 26.0) {
    const double square = x * x, rest = std::fma(x, x, -square);
    return std::exp(square) * std::exp(rest) * std::erfc(x);
  }
  const double inverse_square = 1.0 / (2.0 * x * x);
  double term = 1.0, sum = 1.0;
  for (int k = 1; k < 8; ++k) sum += (term *= -(2 * k - 1) * inverse_square);
  return sum / (x * 1.7724538509055160273);
}

// The modified Bessel function I0 or I1 of x >= 0: its power series, all terms positive, up to 30; past it
// the asymptotic series e^x / sqrt(2 pi x) (1 - (4n^2 - 1) / (8x) + ...), whose terms are below 1e-17 there.
// (std::cyl_bessel_i would do, but may throw, which a kernel's object may not call.)
inline double bessel_i(int order, double x) {
  if (std::isnan(x)) return x;
  if (x <= 30.0) {
    const double quarter_square = 0.25 * x * x;
    double term = order == 0 ? 1.0 : 0.5 * x, sum = term;
    for (int k = 1; k < 200 && term > sum * 1e-18; ++k) sum += (term *= quarter_square / (k * (k + order)));
    return sum;
  }
  const double mu = 4.0 * order * order;
  double term = 1.0, sum = 1.0;
  for (int k = 1; k < 12; ++k) sum += (term *= -(mu - (2 * k - 1) * (2 * k - 1)) / (k * 8.0 * x));
  return std::exp(x) / std::sqrt(2.0 * 3.14159265358979323846 * x) * sum;
}

}  // namespace cusim

// ---- Integer intrinsics ----------------------------------------------------------------------------------

inline unsigned long long __brevll(unsigned long long x) {
  return (static_cast<unsigned long long>(__brev(static_cast<unsigned>(x))) << 32) | __brev(static_cast<unsigned>(x >> 32));
}
inline unsigned __byte_perm(unsigned x, unsigned y, unsigned selector) {
  const unsigned long long bytes = (static_cast<unsigned long long>(y) << 32) | x;
  unsigned result = 0;
  for (int i = 0; i < 4; ++i) result |= ((bytes >> (((selector >> (4 * i)) & 7u) * 8)) & 0xffu) << (8 * i);
  return result;
}
inline unsigned __funnelshift_l(unsigned lo, unsigned hi, unsigned shift) {
  const unsigned long long both = (static_cast<unsigned long long>(hi) << 32) | lo;
  return static_cast<unsigned>((both << (shift & 31u)) >> 32);
}
inline unsigned __funnelshift_lc(unsigned lo, unsigned hi, unsigned shift) {
  const unsigned long long both = (static_cast<unsigned long long>(hi) << 32) | lo;
  return static_cast<unsigned>((both << (shift < 32u ? shift : 32u)) >> 32);
}
inline unsigned __funnelshift_r(unsigned lo, unsigned hi, unsigned shift) {
  const unsigned long long both = (static_cast<unsigned long long>(hi) << 32) | lo;
  return static_cast<unsigned>(both >> (shift & 31u));
}
inline unsigned __funnelshift_rc(unsigned lo, unsigned hi, unsigned shift) {
  const unsigned long long both = (static_cast<unsigned long long>(hi) << 32) | lo;
  return static_cast<unsigned>(both >> (shift < 32u ? shift : 32u));
}
inline int __hadd(int x, int y) { return static_cast<int>((static_cast<long long>(x) + y) >> 1); }
inline int __rhadd(int x, int y) { return static_cast<int>((static_cast<long long>(x) + y + 1) >> 1); }
inline unsigned __uhadd(unsigned x, unsigned y) { return static_cast<unsigned>((0ull + x + y) >> 1); }
inline unsigned __urhadd(unsigned x, unsigned y) { return static_cast<unsigned>((0ull + x + y + 1) >> 1); }
inline int __mulhi(int x, int y) { return static_cast<int>((static_cast<long long>(x) * y) >> 32); }
inline unsigned __umulhi(unsigned x, unsigned y) { return static_cast<unsigned>((1ull * x * y) >> 32); }
inline long long __mul64hi(long long x, long long y) {
  return static_cast<long long>((static_cast<__int128>(x) * y) >> 64);
}
inline unsigned long long __umul64hi(unsigned long long x, unsigned long long y) {
  return static_cast<unsigned long long>((static_cast<unsigned __int128>(x) * y) >> 64);
}
inline unsigned __sad(int x, int y, unsigned z) { return z + static_cast<unsigned>(x > y ? 0ll + x - y : 0ll + y - x); }
inline unsigned __usad(unsigned x, unsigned y, unsigned z) { return z + (x > y ? x - y : y - x); }
inline int __dp4a(int a, int b, int c) {
  for (int i = 0; i < 4; ++i) c += static_cast<signed char>(a >> (8 * i)) * static_cast<signed char>(b >> (8 * i));
  return c;
}
inline unsigned __dp4a(unsigned a, unsigned b, unsigned c) {
  for (int i = 0; i < 4; ++i) c += ((a >> (8 * i)) & 0xffu) * ((b >> (8 * i)) & 0xffu);
  return c;
}
inline int __dp4a(char4 a, char4 b, int c) { return c + a.x * b.x + a.y * b.y + a.z * b.z + a.w * b.w; }
inline unsigned __dp4a(uchar4 a, uchar4 b, unsigned c) { return c + a.x * b.x + a.y * b.y + a.z * b.z + a.w * b.w; }
// Two 16-bit halves of a against two bytes of b, the low two (lo) or the high two (hi).
inline int __dp2a_lo(int a, int b, int c) {
  return c + static_cast<short>(a) * static_cast<signed char>(b) + static_cast<short>(a >> 16) * static_cast<signed char>(b >> 8);
}
inline int __dp2a_hi(int a, int b, int c) {
  return c + static_cast<short>(a) * static_cast<signed char>(b >> 16) +
         static_cast<short>(a >> 16) * static_cast<signed char>(b >> 24);
}
inline unsigned __dp2a_lo(unsigned a, unsigned b, unsigned c) {
  return c + (a & 0xffffu) * (b & 0xffu) + (a >> 16) * ((b >> 8) & 0xffu);
}
inline unsigned __dp2a_hi(unsigned a, unsigned b, unsigned c) {
  return c + (a & 0xffffu) * ((b >> 16) & 0xffu) + (a >> 16) * (b >> 24);
}

// ---- Arithmetic in each rounding mode --------------------------------------------------------------------

inline float __fsub_rn(float x, float y) { return x - y; }
inline float __fdiv_rn(float x, float y) { return x / y; }
inline float __frcp_rn(float x) { return 1.0f / x; }
inline float __fsqrt_rn(float x) { return std::sqrt(x); }
inline float __frsqrt_rn(float x) { return static_cast<float>(1.0 / std::sqrt(static_cast<double>(x))); }
inline float __fmaf_ieee_rn(float x, float y, float z) { return std::fma(x, y, z); }
inline double __dadd_rn(double x, double y) { return x + y; }
inline double __dsub_rn(double x, double y) { return x - y; }
inline double __dmul_rn(double x, double y) { return x * y; }
inline double __ddiv_rn(double x, double y) { return x / y; }
inline double __drcp_rn(double x) { return 1.0 / x; }
inline double __dsqrt_rn(double x) { return std::sqrt(x); }

#define CUSIM_ROUNDED(suffix, mode)                                                                              \
  inline float __fadd_##suffix(float x, float y) {                                                              \
    return ::cusim::rounded(mode, x, y, [](float a, float b) { return a + b; });                                \
  }                                                                                                              \
  inline float __fsub_##suffix(float x, float y) {                                                              \
    return ::cusim::rounded(mode, x, y, [](float a, float b) { return a - b; });                                \
  }                                                                                                              \
  inline float __fmul_##suffix(float x, float y) {                                                              \
    return ::cusim::rounded(mode, x, y, [](float a, float b) { return a * b; });                                \
  }                                                                                                              \
  inline float __fdiv_##suffix(float x, float y) {                                                              \
    return ::cusim::rounded(mode, x, y, [](float a, float b) { return a / b; });                                \
  }                                                                                                              \
  inline float __frcp_##suffix(float x) {                                                                       \
    return ::cusim::rounded(mode, 1.0f, x, [](float a, float b) { return a / b; });                             \
  }                                                                                                              \
  inline float __fsqrt_##suffix(float x) {                                                                      \
    return ::cusim::rounded(mode, x, 0.0f, [](float a, float) { return std::sqrt(a); });                        \
  }                                                                                                              \
  inline float __fmaf_##suffix(float x, float y, float z) { return ::cusim::fused(mode, x, y, z); }             \
  inline float __fmaf_ieee_##suffix(float x, float y, float z) { return ::cusim::fused(mode, x, y, z); }        \
  inline double __dadd_##suffix(double x, double y) {                                                           \
    return ::cusim::rounded(mode, x, y, [](double a, double b) { return a + b; });                              \
  }                                                                                                              \
  inline double __dsub_##suffix(double x, double y) {                                                           \
    return ::cusim::rounded(mode, x, y, [](double a, double b) { return a - b; });                              \
  }                                                                                                              \
  inline double __dmul_##suffix(double x, double y) {                                                           \
    return ::cusim::rounded(mode, x, y, [](double a, double b) { return a * b; });                              \
  }                                                                                                              \
  inline double __ddiv_##suffix(double x, double y) {                                                           \
    return ::cusim::rounded(mode, x, y, [](double a, double b) { return a / b; });                              \
  }                                                                                                              \
  inline double __drcp_##suffix(double x) {                                                                     \
    return ::cusim::rounded(mode, 1.0, x, [](double a, double b) { return a / b; });                            \
  }                                                                                                              \
  inline double __dsqrt_##suffix(double x) {                                                                    \
    return ::cusim::rounded(mode, x, 0.0, [](double a, double) { return std::sqrt(a); });                       \
  }                                                                                                              \
  inline double __fma_##suffix(double x, double y, double z) { return ::cusim::fused(mode, x, y, z); }          \
  inline float __int2float_##suffix(int x) { return ::cusim::converted<float>(mode, x); }                       \
  inline float __uint2float_##suffix(unsigned x) { return ::cusim::converted<float>(mode, x); }                 \
  inline float __ll2float_##suffix(long long x) { return ::cusim::converted<float>(mode, x); }                  \
  inline float __ull2float_##suffix(unsigned long long x) { return ::cusim::converted<float>(mode, x); }        \
  inline double __ll2double_##suffix(long long x) { return ::cusim::converted<double>(mode, x); }               \
  inline double __ull2double_##suffix(unsigned long long x) { return ::cusim::converted<double>(mode, x); }     \
  inline float __double2float_##suffix(double x) { return ::cusim::converted<float>(mode, x); }
CUSIM_ROUNDED(rd, ::cusim::Rounding::kDown)
CUSIM_ROUNDED(ru, ::cusim::Rounding::kUp)
CUSIM_ROUNDED(rz, ::cusim::Rounding::kTowardZero)
#undef CUSIM_ROUNDED
inline float __uint2float_rn(unsigned x) { return static_cast<float>(x); }
inline float __ll2float_rn(long long x) { return static_cast<float>(x); }
inline float __ull2float_rn(unsigned long long x) { return static_cast<float>(x); }
inline double __ll2double_rn(long long x) { return static_cast<double>(x); }
inline double __ull2double_rn(unsigned long long x) { return static_cast<double>(x); }
inline double __int2double_rn(int x) { return x; }
inline double __uint2double_rn(unsigned x) { return x; }
inline float __double2float_rn(double x) { return static_cast<float>(x); }

// Floating point to integers: the integral value in the mode, then saturated as cvt saturates.
#define CUSIM_TO_INTEGER(suffix, integral)                                                                        \
  inline int __float2int_##suffix(float x) { return ::cusim::to_integer<int>(integral(x)); }                     \
  inline unsigned __float2uint_##suffix(float x) { return ::cusim::to_integer<unsigned>(integral(x)); }          \
  inline long long __float2ll_##suffix(float x) { return ::cusim::to_integer<long long>(integral(x)); }          \
  inline unsigned long long __float2ull_##suffix(float x) {                                                      \
    return ::cusim::to_integer<unsigned long long>(integral(x));                                                 \
  }                                                                                                              \
  inline int __double2int_##suffix(double x) { return ::cusim::to_integer<int>(integral(x)); }                   \
  inline unsigned __double2uint_##suffix(double x) { return ::cusim::to_integer<unsigned>(integral(x)); }        \
  inline long long __double2ll_##suffix(double x) { return ::cusim::to_integer<long long>(integral(x)); }        \
  inline unsigned long long __double2ull_##suffix(double x) {                                                    \
    return ::cusim::to_integer<unsigned long long>(integral(x));                                                 \
  }
CUSIM_TO_INTEGER(rd, std::floor)
CUSIM_TO_INTEGER(ru, std::ceil)
CUSIM_TO_INTEGER(rz, std::trunc)
#undef CUSIM_TO_INTEGER
// Round half to even: nearbyint in the default mode, which the simulator never leaves outside a RoundingScope.
inline int __float2int_rn(float x) { return ::cusim::to_integer<int>(std::nearbyint(x)); }
inline unsigned __float2uint_rn(float x) { return ::cusim::to_integer<unsigned>(std::nearbyint(x)); }
inline long long __float2ll_rn(float x) { return ::cusim::to_integer<long long>(std::nearbyint(x)); }
inline unsigned long long __float2ull_rn(float x) { return ::cusim::to_integer<unsigned long long>(std::nearbyint(x)); }
inline int __double2int_rn(double x) { return ::cusim::to_integer<int>(std::nearbyint(x)); }
inline unsigned __double2uint_rn(double x) { return ::cusim::to_integer<unsigned>(std::nearbyint(x)); }
inline long long __double2ll_rn(double x) { return ::cusim::to_integer<long long>(std::nearbyint(x)); }
inline unsigned long long __double2ull_rn(double x) { return ::cusim::to_integer<unsigned long long>(std::nearbyint(x)); }

// ---- CUDA's math functions beyond C's --------------------------------------------------------------------

// CUDA's fast intrinsics whose names glibc's <math.h> declares too, for its own internal entry points: defined
// here, so that a kernel's call is not a call into the C library, which the object check refuses.
inline float __exp10f(float x) { return static_cast<float>(std::pow(10.0, static_cast<double>(x))); }
inline float __tanf(float x) { return std::tan(x); }
inline float __log2f(float x) { return std::log2(x); }
inline float __log10f(float x) { return std::log10(x); }
inline void __sincosf(float x, float* s, float* c) { *s = std::sin(x), *c = std::cos(x); }

inline double sinpi(double x) { return ::cusim::sin_pi(x); }
inline float sinpif(float x) { return static_cast<float>(::cusim::sin_pi(x)); }
inline double cospi(double x) { return ::cusim::cos_pi(x); }
inline float cospif(float x) { return static_cast<float>(::cusim::cos_pi(x)); }
inline void sincospi(double x, double* s, double* c) { *s = sinpi(x), *c = cospi(x); }
inline void sincospif(float x, float* s, float* c) { *s = sinpif(x), *c = cospif(x); }
inline double erfinv(double x) { return ::cusim::erf_inverse(x); }
inline float erfinvf(float x) { return static_cast<float>(::cusim::erf_inverse(x)); }
inline double erfcinv(double x) { return ::cusim::erfc_inverse(x); }
inline float erfcinvf(float x) { return static_cast<float>(::cusim::erfc_inverse(x)); }
inline double erfcx(double x) { return ::cusim::scaled_erfc(x); }
inline float erfcxf(float x) { return static_cast<float>(::cusim::scaled_erfc(x)); }
inline double normcdf(double x) { return 0.5 * std::erfc(-x * 0.70710678118654752440); }
inline float normcdff(float x) { return static_cast<float>(normcdf(x)); }
inline double normcdfinv(double p) { return -1.41421356237309504880 * ::cusim::erfc_inverse(2.0 * p); }
inline float normcdfinvf(float p) { return static_cast<float>(normcdfinv(p)); }
inline double rcbrt(double x) { return 1.0 / std::cbrt(x); }
inline float rcbrtf(float x) { return static_cast<float>(1.0 / std::cbrt(static_cast<double>(x))); }
inline double rhypot(double x, double y) { return 1.0 / std::hypot(x, y); }
inline float rhypotf(float x, float y) { return static_cast<float>(1.0 / std::hypot(double{x}, double{y})); }
inline double norm3d(double a, double b, double c) { return std::hypot(std::hypot(a, b), c); }
inline float norm3df(float a, float b, float c) { return static_cast<float>(norm3d(a, b, c)); }
inline double norm4d(double a, double b, double c, double d) { return std::hypot(std::hypot(a, b), std::hypot(c, d)); }
inline float norm4df(float a, float b, float c, float d) { return static_cast<float>(norm4d(a, b, c, d)); }
inline double rnorm3d(double a, double b, double c) { return 1.0 / norm3d(a, b, c); }
inline float rnorm3df(float a, float b, float c) { return static_cast<float>(1.0 / norm3d(a, b, c)); }
inline double rnorm4d(double a, double b, double c, double d) { return 1.0 / norm4d(a, b, c, d); }
inline float rnorm4df(float a, float b, float c, float d) { return static_cast<float>(1.0 / norm4d(a, b, c, d)); }
inline double norm(int dim, const double* p) {
  double length = 0.0;
  for (int i = 0; i < dim; ++i) length = std::hypot(length, p[i]);
  return length;
}
inline double rnorm(int dim, const double* p) { return 1.0 / norm(dim, p); }
inline float normf(int dim, const float* p) {
  double length = 0.0;
  for (int i = 0; i < dim; ++i) length = std::hypot(length, double{p[i]});
  return static_cast<float>(length);
}
inline float rnormf(int dim, const float* p) { return 1.0f / normf(dim, p); }
inline double cyl_bessel_i0(double x) { return ::cusim::bessel_i(0, std::fabs(x)); }
inline float cyl_bessel_i0f(float x) { return static_cast<float>(cyl_bessel_i0(x)); }
inline double cyl_bessel_i1(double x) { return std::copysign(::cusim::bessel_i(1, std::fabs(x)), x); }
inline float cyl_bessel_i1f(float x) { return static_cast<float>(cyl_bessel_i1(x)); }
inline float fdividef(float x, float y) { return x / y; }
inline unsigned umin(unsigned a, unsigned b) { return a < b ? a : b; }
inline unsigned umax(unsigned a, unsigned b) { return a < b ? b : a; }
inline long long llmin(long long a, long long b) { return a < b ? a : b; }
inline long long llmax(long long a, long long b) { return a < b ? b : a; }
inline unsigned long long ullmin(unsigned long long a, unsigned long long b) { return a < b ? a : b; }
inline unsigned long long ullmax(unsigned long long a, unsigned long long b) { return a < b ? b : a; }

// ---- Scoped atomics, the clock, traps --------------------------------------------------------------------

// A block's and the system's scope are the device's here: one address space, every access seen in order.
#define CUSIM_SCOPED_ATOMIC(name)                                     \
  template <typename... Arguments>                                    \
  auto name##_block(Arguments... arguments) {                         \
    return name(arguments...);                                        \
  }                                                                   \
  template <typename... Arguments>                                    \
  auto name##_system(Arguments... arguments) {                        \
    return name(arguments...);                                        \
  }
CUSIM_SCOPED_ATOMIC(atomicAdd)
CUSIM_SCOPED_ATOMIC(atomicSub)
CUSIM_SCOPED_ATOMIC(atomicExch)
CUSIM_SCOPED_ATOMIC(atomicMin)
CUSIM_SCOPED_ATOMIC(atomicMax)
CUSIM_SCOPED_ATOMIC(atomicInc)
CUSIM_SCOPED_ATOMIC(atomicDec)
CUSIM_SCOPED_ATOMIC(atomicCAS)
CUSIM_SCOPED_ATOMIC(atomicAnd)
CUSIM_SCOPED_ATOMIC(atomicOr)
CUSIM_SCOPED_ATOMIC(atomicXor)
#undef CUSIM_SCOPED_ATOMIC

// nvcc's builtin (clang's too), which g++ 12 lacks: a promise to the optimiser, which the simulator ignores.
inline void __builtin_assume(bool) {}
inline long long clock64() { return ::cusim::device_clock(); }
[[noreturn]] inline void __trap() { ::cusim::trap(); }
[[noreturn]] inline void __brkpt() { ::cusim::trap(); }
inline void __prof_trigger(int) {}
