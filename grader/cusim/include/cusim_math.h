// cusim: the math functions CUDA adds to C's (sinpi, erfinv, normcdf, rnorm3d, cyl_bessel_i0, ...) and CUDA's
// fast intrinsics whose names glibc also declares, as plain C++ computed in double. Part of cusim.h.
// No macro is defined here: a file could test its name (cusim_environment.h).
#pragma once

#include <cmath>
#include <limits>

namespace cusim {

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
    for (double c : {3.43273939e-07, -3.5233877e-06, -4.39150654e-06, 0.00021858087, -0.00125372503, -0.00417768164,
                     0.246640727, 1.50140941})
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
// exp(x^2) erfc(x), without overflow: x^2 split exactly into two parts below 26, the asymptotic series past
// it; +inf where exp(x^2) overflows (x below about -26.6), as a GPU gives.
inline double scaled_erfc(double x) {
  if (std::isnan(x)) return x;
  if (x < 26.0) {
    const double square = x * x;
    if (square > 709.78) return std::numeric_limits<double>::infinity();
    const double rest = std::fma(x, x, -square);
    return std::exp(square) * std::exp(rest) * std::erfc(x);
  }
  if (std::isinf(x)) return 0.0;
  const double inverse_square = 1.0 / (2.0 * x * x);
  double term = 1.0, sum = 1.0;
  for (int k = 1; k < 8; ++k) sum += (term *= -(2 * k - 1) * inverse_square);
  return sum / x / 1.7724538509055160273;  // divided twice: x * sqrt(pi) may overflow where the answer does not
}
inline double erfc_inverse(double y) {
  if (std::isnan(y) || y < 0.0 || y > 2.0) return std::numeric_limits<double>::quiet_NaN();
  if (y == 0.0) return std::numeric_limits<double>::infinity();
  if (y == 2.0) return -std::numeric_limits<double>::infinity();
  if (y > 0.0625 && y < 1.9375) return erf_inverse(1.0 - y);
  // In the tails 1 - y loses the digits that matter, and erfc(x) itself underflows towards 4.9e-324: Newton
  // on log erfc(x) = log erfcx(x) - x^2, whose parts keep every digit down to the smallest double.
  const bool upper = y < 1.0;
  const double tail = upper ? y : 2.0 - y, log_tail = std::log(tail);
  double x = std::sqrt(-(log_tail + 0.5723649429247001 + 0.5 * std::log(-log_tail)));  // log(sqrt(pi)) = 0.57...
  for (int step = 0; step < 6; ++step) {
    const double scaled = scaled_erfc(x), square = x * x, square_rest = std::fma(x, x, -square);
    const double error = ((std::log(scaled) - log_tail) - square) - square_rest;
    x += error * 0.88622692545275801365 * scaled;  // f / f', with f' = -2 / (sqrt(pi) erfcx(x))
  }
  return upper ? x : -x;
}

// The modified Bessel function I0 or I1 of x >= 0: its power series, whose terms are all positive, summed in
// the x87's 64-bit precision (in double, hundreds of rounded terms drift by tens of ulps; the asymptotic
// series, truncated, was 20 ulps off at x = 32 beside an H200). The answer overflows a double from x = 714.
// (std::cyl_bessel_i would do, but may throw, which a kernel's object may not call.)
inline double bessel_i(int order, double x) {
  if (std::isnan(x)) return x;
  if (x > 720.0) return std::numeric_limits<double>::infinity();  // and +inf itself
  const long double quarter_square = 0.25L * x * x;
  long double term = order == 0 ? 1.0L : 0.5L * x, sum = term;
  for (int k = 1; k < 4000 && term > sum * 1e-21L; ++k) sum += (term *= quarter_square / (k * (k + order)));
  return static_cast<double>(sum);
}

}  // namespace cusim

// ---- CUDA's math functions beyond C's --------------------------------------------------------------------

// CUDA's fast intrinsics whose names glibc's <math.h> declares too, for its own internal entry points: defined
// here, so that a kernel's call is not a call into the C library, which the object check refuses.
inline float __exp10f(float x) {
  return static_cast<float>(std::pow(10.0, static_cast<double>(x)));
}
inline float __tanf(float x) {
  return std::tan(x);
}
inline float __log2f(float x) {
  return std::log2(x);
}
inline float __log10f(float x) {
  return std::log10(x);
}
inline void __sincosf(float x, float* s, float* c) {
  *s = std::sin(x), *c = std::cos(x);
}

inline double sinpi(double x) {
  return ::cusim::sin_pi(x);
}
inline float sinpif(float x) {
  return static_cast<float>(::cusim::sin_pi(x));
}
inline double cospi(double x) {
  return ::cusim::cos_pi(x);
}
inline float cospif(float x) {
  return static_cast<float>(::cusim::cos_pi(x));
}
inline void sincospi(double x, double* s, double* c) {
  *s = sinpi(x), *c = cospi(x);
}
inline void sincospif(float x, float* s, float* c) {
  *s = sinpif(x), *c = cospif(x);
}
inline double erfinv(double x) {
  return ::cusim::erf_inverse(x);
}
inline float erfinvf(float x) {
  return static_cast<float>(::cusim::erf_inverse(x));
}
inline double erfcinv(double x) {
  return ::cusim::erfc_inverse(x);
}
inline float erfcinvf(float x) {
  return static_cast<float>(::cusim::erfc_inverse(x));
}
inline double erfcx(double x) {
  return ::cusim::scaled_erfc(x);
}
inline float erfcxf(float x) {
  return static_cast<float>(::cusim::scaled_erfc(x));
}
// erfc(-x / sqrt(2)) with the product's rounding error carried: erfc magnifies it by 2 x^2 far out in the tail.
inline double normcdf(double x) {
  if (std::isinf(x)) return x > 0.0 ? 1.0 : 0.0;
  const double t = -x * 0.7071067811865476, t_rest = std::fma(-x, 0.7071067811865476, -t) + -x * -4.833646656726457e-17;
  return 0.5 * (std::erfc(t) - t_rest * 1.1283791670955126 * std::exp(-t * t));
}
inline float normcdff(float x) {
  return static_cast<float>(normcdf(x));
}
inline double normcdfinv(double p) {
  return -1.41421356237309504880 * ::cusim::erfc_inverse(2.0 * p);
}
inline float normcdfinvf(float p) {
  return static_cast<float>(normcdfinv(p));
}
// One Newton step in the x87's 64-bit precision after 1 / cbrt, which alone is off by up to 3 ulps.
inline double rcbrt(double x) {
  if (x == 0.0 || !std::isfinite(x)) return 1.0 / std::cbrt(x);
  const long double r = 1.0L / std::cbrt(x);
  return static_cast<double>(r * (4.0L - static_cast<long double>(x) * r * r * r) / 3.0L);
}
inline float rcbrtf(float x) {
  return static_cast<float>(1.0 / std::cbrt(static_cast<double>(x)));
}
inline double rhypot(double x, double y) {
  return 1.0 / std::hypot(x, y);
}
inline float rhypotf(float x, float y) {
  return static_cast<float>(1.0 / std::hypot(double{x}, double{y}));
}
inline double norm3d(double a, double b, double c) {
  return std::hypot(std::hypot(a, b), c);
}
inline float norm3df(float a, float b, float c) {
  return static_cast<float>(norm3d(a, b, c));
}
inline double norm4d(double a, double b, double c, double d) {
  return std::hypot(std::hypot(a, b), std::hypot(c, d));
}
inline float norm4df(float a, float b, float c, float d) {
  return static_cast<float>(norm4d(a, b, c, d));
}
inline double rnorm3d(double a, double b, double c) {
  return 1.0 / norm3d(a, b, c);
}
inline float rnorm3df(float a, float b, float c) {
  return static_cast<float>(1.0 / norm3d(a, b, c));
}
inline double rnorm4d(double a, double b, double c, double d) {
  return 1.0 / norm4d(a, b, c, d);
}
inline float rnorm4df(float a, float b, float c, float d) {
  return static_cast<float>(1.0 / norm4d(a, b, c, d));
}
inline double norm(int dim, const double* p) {
  double length = 0.0;
  for (int i = 0; i < dim; ++i) length = std::hypot(length, p[i]);
  return length;
}
inline double rnorm(int dim, const double* p) {
  return 1.0 / norm(dim, p);
}
inline float normf(int dim, const float* p) {
  double length = 0.0;
  for (int i = 0; i < dim; ++i) length = std::hypot(length, double{p[i]});
  return static_cast<float>(length);
}
inline float rnormf(int dim, const float* p) {
  return 1.0f / normf(dim, p);
}
inline double cyl_bessel_i0(double x) {
  return ::cusim::bessel_i(0, std::fabs(x));
}
inline float cyl_bessel_i0f(float x) {
  return static_cast<float>(cyl_bessel_i0(x));
}
inline double cyl_bessel_i1(double x) {
  return std::copysign(::cusim::bessel_i(1, std::fabs(x)), x);
}
inline float cyl_bessel_i1f(float x) {
  return static_cast<float>(cyl_bessel_i1(x));
}
inline float fdividef(float x, float y) {
  return x / y;
}
inline unsigned umin(unsigned a, unsigned b) {
  return a < b ? a : b;
}
inline unsigned umax(unsigned a, unsigned b) {
  return a < b ? b : a;
}
inline long long llmin(long long a, long long b) {
  return a < b ? a : b;
}
inline long long llmax(long long a, long long b) {
  return a < b ? b : a;
}
inline unsigned long long ullmin(unsigned long long a, unsigned long long b) {
  return a < b ? a : b;
}
inline unsigned long long ullmax(unsigned long long a, unsigned long long b) {
  return a < b ? b : a;
}
