// cusim: the rest of CUDA's device intrinsics that a lab's kernel may call, as plain C++: integer intrinsics,
// scoped atomics and the cycle counter (the arithmetic and conversions in each rounding mode are
// cusim_rounding.h, CUDA's math beyond C's cusim_math.h, its SIMD instructions cusim_simd.h and cusim_dpx.h).
// Part of cusim.h, which includes it after cusim_device_functions.h.
//
// Which of CUDA 13.0's device functions the simulator declares is a table in tests/data/nvcc/ that
// simulator_table_test.cc holds against these headers; docs/SIMULATOR.md lists those it leaves out, and why.
// No macro is defined here: a file could test its name (cusim_environment.h).
#pragma once

namespace cusim {

// clock64()'s counter: nanoseconds of a monotonic clock, so that differences grow as cycles would.
long long device_clock();
[[noreturn]] void trap();

}  // namespace cusim

// ---- Integer intrinsics ----------------------------------------------------------------------------------

inline unsigned long long __brevll(unsigned long long x) {
  return (static_cast<unsigned long long>(__brev(static_cast<unsigned>(x))) << 32) |
         __brev(static_cast<unsigned>(x >> 32));
}
// PTX's fns.b32: the offset-th set bit of mask counted from bit base, upwards for a positive offset and
// downwards for a negative one (base itself counts); offset 0 asks whether bit base is set. 0xffffffff when
// there is none, and for a base past bit 31. An offset of INT_MIN, whose magnitude no int holds, answers 0
// on an H200 whatever the mask and the base (docs/runs/2026-11-29-backend-tells/fns-gpu.txt).
inline unsigned __fns(unsigned mask, unsigned base, int offset) {
  if (offset == -2147483647 - 1) return 0;
  if (base > 31) return 0xffffffffu;
  if (offset == 0) return (mask >> base) & 1u ? base : 0xffffffffu;
  const int step = offset > 0 ? 1 : -1;
  int remaining = offset > 0 ? offset : -offset;
  for (int position = static_cast<int>(base); position >= 0 && position < 32; position += step) {
    if (((mask >> position) & 1u) != 0 && --remaining == 0) return static_cast<unsigned>(position);
  }
  return 0xffffffffu;
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
inline int __hadd(int x, int y) {
  return static_cast<int>((static_cast<long long>(x) + y) >> 1);
}
inline int __rhadd(int x, int y) {
  return static_cast<int>((static_cast<long long>(x) + y + 1) >> 1);
}
inline unsigned __uhadd(unsigned x, unsigned y) {
  return static_cast<unsigned>((0ull + x + y) >> 1);
}
inline unsigned __urhadd(unsigned x, unsigned y) {
  return static_cast<unsigned>((0ull + x + y + 1) >> 1);
}
inline int __mulhi(int x, int y) {
  return static_cast<int>((static_cast<long long>(x) * y) >> 32);
}
inline unsigned __umulhi(unsigned x, unsigned y) {
  return static_cast<unsigned>((1ull * x * y) >> 32);
}
inline long long __mul64hi(long long x, long long y) {
  return static_cast<long long>((static_cast<__int128>(x) * y) >> 64);
}
inline unsigned long long __umul64hi(unsigned long long x, unsigned long long y) {
  return static_cast<unsigned long long>((static_cast<unsigned __int128>(x) * y) >> 64);
}
inline unsigned __sad(int x, int y, unsigned z) {
  return z + static_cast<unsigned>(x > y ? 0ll + x - y : 0ll + y - x);
}
inline unsigned __usad(unsigned x, unsigned y, unsigned z) {
  return z + (x > y ? x - y : y - x);
}
inline int __dp4a(int a, int b, int c) {
  for (int i = 0; i < 4; ++i) c += static_cast<signed char>(a >> (8 * i)) * static_cast<signed char>(b >> (8 * i));
  return c;
}
inline unsigned __dp4a(unsigned a, unsigned b, unsigned c) {
  for (int i = 0; i < 4; ++i) c += ((a >> (8 * i)) & 0xffu) * ((b >> (8 * i)) & 0xffu);
  return c;
}
inline int __dp4a(char4 a, char4 b, int c) {
  return c + a.x * b.x + a.y * b.y + a.z * b.z + a.w * b.w;
}
inline unsigned __dp4a(uchar4 a, uchar4 b, unsigned c) {
  return c + a.x * b.x + a.y * b.y + a.z * b.z + a.w * b.w;
}
// Two 16-bit halves of a against two bytes of b, the low two (lo) or the high two (hi).
inline int __dp2a_lo(int a, int b, int c) {
  return c + static_cast<short>(a) * static_cast<signed char>(b) +
         static_cast<short>(a >> 16) * static_cast<signed char>(b >> 8);
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

// ---- Scoped atomics, the clock, traps --------------------------------------------------------------------

// A block's and the system's scope are the device's here: one address space, every access seen in order.
template <typename... A>
auto atomicAdd_block(A... a) {
  return atomicAdd(a...);
}
template <typename... A>
auto atomicAdd_system(A... a) {
  return atomicAdd(a...);
}
template <typename... A>
auto atomicSub_block(A... a) {
  return atomicSub(a...);
}
template <typename... A>
auto atomicSub_system(A... a) {
  return atomicSub(a...);
}
template <typename... A>
auto atomicExch_block(A... a) {
  return atomicExch(a...);
}
template <typename... A>
auto atomicExch_system(A... a) {
  return atomicExch(a...);
}
template <typename... A>
auto atomicMin_block(A... a) {
  return atomicMin(a...);
}
template <typename... A>
auto atomicMin_system(A... a) {
  return atomicMin(a...);
}
template <typename... A>
auto atomicMax_block(A... a) {
  return atomicMax(a...);
}
template <typename... A>
auto atomicMax_system(A... a) {
  return atomicMax(a...);
}
template <typename... A>
auto atomicInc_block(A... a) {
  return atomicInc(a...);
}
template <typename... A>
auto atomicInc_system(A... a) {
  return atomicInc(a...);
}
template <typename... A>
auto atomicDec_block(A... a) {
  return atomicDec(a...);
}
template <typename... A>
auto atomicDec_system(A... a) {
  return atomicDec(a...);
}
template <typename... A>
auto atomicCAS_block(A... a) {
  return atomicCAS(a...);
}
template <typename... A>
auto atomicCAS_system(A... a) {
  return atomicCAS(a...);
}
template <typename... A>
auto atomicAnd_block(A... a) {
  return atomicAnd(a...);
}
template <typename... A>
auto atomicAnd_system(A... a) {
  return atomicAnd(a...);
}
template <typename... A>
auto atomicOr_block(A... a) {
  return atomicOr(a...);
}
template <typename... A>
auto atomicOr_system(A... a) {
  return atomicOr(a...);
}
template <typename... A>
auto atomicXor_block(A... a) {
  return atomicXor(a...);
}
template <typename... A>
auto atomicXor_system(A... a) {
  return atomicXor(a...);
}

// nvcc's builtin (clang's too), which g++ 12 lacks: a promise to the optimiser, which the simulator ignores.
inline void __builtin_assume(bool) {}
inline long long clock64() {
  return ::cusim::device_clock();
}
// Device code's clock(), which CUDA 13 reads from the same 64-bit counter as clock64(). The rewriter names it
// at the top of each kernel's and device function's body that calls clock() (sim/rewriter.cc), where nvcc's
// host pass would never look: in host code clock() stays the C library's.
namespace cusim::in_device_code {
inline clock_t clock() {
  return static_cast<clock_t>(::cusim::device_clock());
}
}  // namespace cusim::in_device_code
[[noreturn]] inline void __trap() {
  ::cusim::trap();
}
[[noreturn]] inline void __brkpt() {
  ::cusim::trap();
}
inline void __prof_trigger(int) {}
