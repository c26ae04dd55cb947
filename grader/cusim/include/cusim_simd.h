// cusim: CUDA's SIMD video instructions (__vadd2, __vcmpgtu4, __vsadu2, ...: two 16-bit or four 8-bit fields
// of a 32-bit word), as plain C++ (sm_90's DPX instructions are cusim_dpx.h). Part of cusim.h.
// scripts/device-intrinsics-diff.sh compares every one with an H200's answers.
// No macro is defined here: a file could test its name (cusim_environment.h).
#pragma once

namespace cusim {
namespace simd {

// Field `lane` of `Bits` bits of x, unsigned or signed.
template <int Bits>
constexpr int field(unsigned x, int lane) {
  return static_cast<int>((x >> (Bits * lane)) & ((1u << Bits) - 1u));
}
template <int Bits>
constexpr int signed_field(unsigned x, int lane) {
  const int value = field<Bits>(x, lane);
  return value >= (1 << (Bits - 1)) ? value - (1 << Bits) : value;
}
template <int Bits>
constexpr int saturate_signed(int value) {
  constexpr int kHighest = (1 << (Bits - 1)) - 1, kLowest = -(1 << (Bits - 1));
  return value > kHighest ? kHighest : value < kLowest ? kLowest : value;
}
template <int Bits>
constexpr int saturate_unsigned(int value) {
  return value > (1 << Bits) - 1 ? (1 << Bits) - 1 : value < 0 ? 0 : value;
}

// One field of each operand, signed (a, b) and unsigned (ua, ub).
struct Fields {
  int a, b, ua, ub;
};
template <int Bits>
Fields fields(unsigned a, unsigned b, int lane) {
  return {signed_field<Bits>(a, lane), signed_field<Bits>(b, lane), field<Bits>(a, lane), field<Bits>(b, lane)};
}
// The word whose field `lane` is op(the operands' fields), cut to `Bits` bits.
template <int Bits, typename Op>
unsigned per_field(unsigned a, unsigned b, Op op) {
  unsigned result = 0;
  for (int lane = 0; lane < 32 / Bits; ++lane) {
    result |= (static_cast<unsigned>(op(fields<Bits>(a, b, lane))) & ((1u << Bits) - 1u)) << (Bits * lane);
  }
  return result;
}
// The sum over the fields of op(...), as one number.
template <int Bits, typename Op>
unsigned summed(unsigned a, unsigned b, Op op) {
  unsigned sum = 0;
  for (int lane = 0; lane < 32 / Bits; ++lane) sum += static_cast<unsigned>(op(fields<Bits>(a, b, lane)));
  return sum;
}

template <int Bits>
unsigned abs(unsigned a, unsigned b) {
  return per_field<Bits>(a, b, [](Fields f) { return f.a < 0 ? -f.a : f.a; });
}
template <int Bits>
unsigned absss(unsigned a, unsigned b) {
  return per_field<Bits>(a, b, [](Fields f) { return saturate_signed<Bits>(f.a < 0 ? -f.a : f.a); });
}
template <int Bits>
unsigned absdiffs(unsigned a, unsigned b) {
  return per_field<Bits>(a, b, [](Fields f) { return f.a > f.b ? f.a - f.b : f.b - f.a; });
}
template <int Bits>
unsigned absdiffu(unsigned a, unsigned b) {
  return per_field<Bits>(a, b, [](Fields f) { return f.ua > f.ub ? f.ua - f.ub : f.ub - f.ua; });
}
template <int Bits>
unsigned add(unsigned a, unsigned b) {
  return per_field<Bits>(a, b, [](Fields f) { return f.ua + f.ub; });
}
template <int Bits>
unsigned addss(unsigned a, unsigned b) {
  return per_field<Bits>(a, b, [](Fields f) { return saturate_signed<Bits>(f.a + f.b); });
}
template <int Bits>
unsigned addus(unsigned a, unsigned b) {
  return per_field<Bits>(a, b, [](Fields f) { return saturate_unsigned<Bits>(f.ua + f.ub); });
}
template <int Bits>
unsigned avgs(unsigned a, unsigned b) {
  return per_field<Bits>(a, b, [](Fields f) { return f.a + f.b >= 0 ? (f.a + f.b + 1) >> 1 : (f.a + f.b) >> 1; });
}
template <int Bits>
unsigned avgu(unsigned a, unsigned b) {
  return per_field<Bits>(a, b, [](Fields f) { return (f.ua + f.ub + 1) >> 1; });
}
template <int Bits>
unsigned hadd(unsigned a, unsigned b) {
  return per_field<Bits>(a, b, [](Fields f) { return (f.ua + f.ub) >> 1; });
}
template <int Bits>
unsigned cmpeq(unsigned a, unsigned b) {
  return per_field<Bits>(a, b, [](Fields f) { return f.ua == f.ub ? -1 : 0; });
}
template <int Bits>
unsigned cmpne(unsigned a, unsigned b) {
  return per_field<Bits>(a, b, [](Fields f) { return f.ua != f.ub ? -1 : 0; });
}
template <int Bits>
unsigned cmpges(unsigned a, unsigned b) {
  return per_field<Bits>(a, b, [](Fields f) { return f.a >= f.b ? -1 : 0; });
}
template <int Bits>
unsigned cmpgeu(unsigned a, unsigned b) {
  return per_field<Bits>(a, b, [](Fields f) { return f.ua >= f.ub ? -1 : 0; });
}
template <int Bits>
unsigned cmpgts(unsigned a, unsigned b) {
  return per_field<Bits>(a, b, [](Fields f) { return f.a > f.b ? -1 : 0; });
}
template <int Bits>
unsigned cmpgtu(unsigned a, unsigned b) {
  return per_field<Bits>(a, b, [](Fields f) { return f.ua > f.ub ? -1 : 0; });
}
template <int Bits>
unsigned cmples(unsigned a, unsigned b) {
  return per_field<Bits>(a, b, [](Fields f) { return f.a <= f.b ? -1 : 0; });
}
template <int Bits>
unsigned cmpleu(unsigned a, unsigned b) {
  return per_field<Bits>(a, b, [](Fields f) { return f.ua <= f.ub ? -1 : 0; });
}
template <int Bits>
unsigned cmplts(unsigned a, unsigned b) {
  return per_field<Bits>(a, b, [](Fields f) { return f.a < f.b ? -1 : 0; });
}
template <int Bits>
unsigned cmpltu(unsigned a, unsigned b) {
  return per_field<Bits>(a, b, [](Fields f) { return f.ua < f.ub ? -1 : 0; });
}
template <int Bits>
unsigned seteq(unsigned a, unsigned b) {
  return per_field<Bits>(a, b, [](Fields f) { return f.ua == f.ub; });
}
template <int Bits>
unsigned setne(unsigned a, unsigned b) {
  return per_field<Bits>(a, b, [](Fields f) { return f.ua != f.ub; });
}
template <int Bits>
unsigned setges(unsigned a, unsigned b) {
  return per_field<Bits>(a, b, [](Fields f) { return f.a >= f.b; });
}
template <int Bits>
unsigned setgeu(unsigned a, unsigned b) {
  return per_field<Bits>(a, b, [](Fields f) { return f.ua >= f.ub; });
}
template <int Bits>
unsigned setgts(unsigned a, unsigned b) {
  return per_field<Bits>(a, b, [](Fields f) { return f.a > f.b; });
}
template <int Bits>
unsigned setgtu(unsigned a, unsigned b) {
  return per_field<Bits>(a, b, [](Fields f) { return f.ua > f.ub; });
}
template <int Bits>
unsigned setles(unsigned a, unsigned b) {
  return per_field<Bits>(a, b, [](Fields f) { return f.a <= f.b; });
}
template <int Bits>
unsigned setleu(unsigned a, unsigned b) {
  return per_field<Bits>(a, b, [](Fields f) { return f.ua <= f.ub; });
}
template <int Bits>
unsigned setlts(unsigned a, unsigned b) {
  return per_field<Bits>(a, b, [](Fields f) { return f.a < f.b; });
}
template <int Bits>
unsigned setltu(unsigned a, unsigned b) {
  return per_field<Bits>(a, b, [](Fields f) { return f.ua < f.ub; });
}
template <int Bits>
unsigned maxs(unsigned a, unsigned b) {
  return per_field<Bits>(a, b, [](Fields f) { return f.a > f.b ? f.a : f.b; });
}
template <int Bits>
unsigned maxu(unsigned a, unsigned b) {
  return per_field<Bits>(a, b, [](Fields f) { return f.ua > f.ub ? f.ua : f.ub; });
}
template <int Bits>
unsigned mins(unsigned a, unsigned b) {
  return per_field<Bits>(a, b, [](Fields f) { return f.a < f.b ? f.a : f.b; });
}
template <int Bits>
unsigned minu(unsigned a, unsigned b) {
  return per_field<Bits>(a, b, [](Fields f) { return f.ua < f.ub ? f.ua : f.ub; });
}
template <int Bits>
unsigned neg(unsigned a, unsigned b) {
  return per_field<Bits>(a, b, [](Fields f) { return -f.a; });
}
template <int Bits>
unsigned negss(unsigned a, unsigned b) {
  return per_field<Bits>(a, b, [](Fields f) { return saturate_signed<Bits>(-f.a); });
}
template <int Bits>
unsigned sub(unsigned a, unsigned b) {
  return per_field<Bits>(a, b, [](Fields f) { return f.ua - f.ub; });
}
template <int Bits>
unsigned subss(unsigned a, unsigned b) {
  return per_field<Bits>(a, b, [](Fields f) { return saturate_signed<Bits>(f.a - f.b); });
}
template <int Bits>
unsigned subus(unsigned a, unsigned b) {
  return per_field<Bits>(a, b, [](Fields f) { return saturate_unsigned<Bits>(f.ua - f.ub); });
}
template <int Bits>
unsigned sads(unsigned a, unsigned b) {
  return summed<Bits>(a, b, [](Fields f) { return f.a > f.b ? f.a - f.b : f.b - f.a; });
}
template <int Bits>
unsigned sadu(unsigned a, unsigned b) {
  return summed<Bits>(a, b, [](Fields f) { return f.ua > f.ub ? f.ua - f.ub : f.ub - f.ua; });
}

}  // namespace simd
}  // namespace cusim

// ---- Two 16-bit fields (suffix 2) and four 8-bit fields (suffix 4) ----------------------------------------

inline unsigned __vabs2(unsigned a) { return ::cusim::simd::abs<16>(a, 0u); }
inline unsigned __vabs4(unsigned a) { return ::cusim::simd::abs<8>(a, 0u); }
inline unsigned __vabsss2(unsigned a) { return ::cusim::simd::absss<16>(a, 0u); }
inline unsigned __vabsss4(unsigned a) { return ::cusim::simd::absss<8>(a, 0u); }
inline unsigned __vabsdiffs2(unsigned a, unsigned b) { return ::cusim::simd::absdiffs<16>(a, b); }
inline unsigned __vabsdiffs4(unsigned a, unsigned b) { return ::cusim::simd::absdiffs<8>(a, b); }
inline unsigned __vabsdiffu2(unsigned a, unsigned b) { return ::cusim::simd::absdiffu<16>(a, b); }
inline unsigned __vabsdiffu4(unsigned a, unsigned b) { return ::cusim::simd::absdiffu<8>(a, b); }
inline unsigned __vadd2(unsigned a, unsigned b) { return ::cusim::simd::add<16>(a, b); }
inline unsigned __vadd4(unsigned a, unsigned b) { return ::cusim::simd::add<8>(a, b); }
inline unsigned __vaddss2(unsigned a, unsigned b) { return ::cusim::simd::addss<16>(a, b); }
inline unsigned __vaddss4(unsigned a, unsigned b) { return ::cusim::simd::addss<8>(a, b); }
inline unsigned __vaddus2(unsigned a, unsigned b) { return ::cusim::simd::addus<16>(a, b); }
inline unsigned __vaddus4(unsigned a, unsigned b) { return ::cusim::simd::addus<8>(a, b); }
inline unsigned __vavgs2(unsigned a, unsigned b) { return ::cusim::simd::avgs<16>(a, b); }
inline unsigned __vavgs4(unsigned a, unsigned b) { return ::cusim::simd::avgs<8>(a, b); }
inline unsigned __vavgu2(unsigned a, unsigned b) { return ::cusim::simd::avgu<16>(a, b); }
inline unsigned __vavgu4(unsigned a, unsigned b) { return ::cusim::simd::avgu<8>(a, b); }
inline unsigned __vhaddu2(unsigned a, unsigned b) { return ::cusim::simd::hadd<16>(a, b); }
inline unsigned __vhaddu4(unsigned a, unsigned b) { return ::cusim::simd::hadd<8>(a, b); }
inline unsigned __vcmpeq2(unsigned a, unsigned b) { return ::cusim::simd::cmpeq<16>(a, b); }
inline unsigned __vcmpeq4(unsigned a, unsigned b) { return ::cusim::simd::cmpeq<8>(a, b); }
inline unsigned __vcmpne2(unsigned a, unsigned b) { return ::cusim::simd::cmpne<16>(a, b); }
inline unsigned __vcmpne4(unsigned a, unsigned b) { return ::cusim::simd::cmpne<8>(a, b); }
inline unsigned __vcmpges2(unsigned a, unsigned b) { return ::cusim::simd::cmpges<16>(a, b); }
inline unsigned __vcmpges4(unsigned a, unsigned b) { return ::cusim::simd::cmpges<8>(a, b); }
inline unsigned __vcmpgeu2(unsigned a, unsigned b) { return ::cusim::simd::cmpgeu<16>(a, b); }
inline unsigned __vcmpgeu4(unsigned a, unsigned b) { return ::cusim::simd::cmpgeu<8>(a, b); }
inline unsigned __vcmpgts2(unsigned a, unsigned b) { return ::cusim::simd::cmpgts<16>(a, b); }
inline unsigned __vcmpgts4(unsigned a, unsigned b) { return ::cusim::simd::cmpgts<8>(a, b); }
inline unsigned __vcmpgtu2(unsigned a, unsigned b) { return ::cusim::simd::cmpgtu<16>(a, b); }
inline unsigned __vcmpgtu4(unsigned a, unsigned b) { return ::cusim::simd::cmpgtu<8>(a, b); }
inline unsigned __vcmples2(unsigned a, unsigned b) { return ::cusim::simd::cmples<16>(a, b); }
inline unsigned __vcmples4(unsigned a, unsigned b) { return ::cusim::simd::cmples<8>(a, b); }
inline unsigned __vcmpleu2(unsigned a, unsigned b) { return ::cusim::simd::cmpleu<16>(a, b); }
inline unsigned __vcmpleu4(unsigned a, unsigned b) { return ::cusim::simd::cmpleu<8>(a, b); }
inline unsigned __vcmplts2(unsigned a, unsigned b) { return ::cusim::simd::cmplts<16>(a, b); }
inline unsigned __vcmplts4(unsigned a, unsigned b) { return ::cusim::simd::cmplts<8>(a, b); }
inline unsigned __vcmpltu2(unsigned a, unsigned b) { return ::cusim::simd::cmpltu<16>(a, b); }
inline unsigned __vcmpltu4(unsigned a, unsigned b) { return ::cusim::simd::cmpltu<8>(a, b); }
inline unsigned __vseteq2(unsigned a, unsigned b) { return ::cusim::simd::seteq<16>(a, b); }
inline unsigned __vseteq4(unsigned a, unsigned b) { return ::cusim::simd::seteq<8>(a, b); }
inline unsigned __vsetne2(unsigned a, unsigned b) { return ::cusim::simd::setne<16>(a, b); }
inline unsigned __vsetne4(unsigned a, unsigned b) { return ::cusim::simd::setne<8>(a, b); }
inline unsigned __vsetges2(unsigned a, unsigned b) { return ::cusim::simd::setges<16>(a, b); }
inline unsigned __vsetges4(unsigned a, unsigned b) { return ::cusim::simd::setges<8>(a, b); }
inline unsigned __vsetgeu2(unsigned a, unsigned b) { return ::cusim::simd::setgeu<16>(a, b); }
inline unsigned __vsetgeu4(unsigned a, unsigned b) { return ::cusim::simd::setgeu<8>(a, b); }
inline unsigned __vsetgts2(unsigned a, unsigned b) { return ::cusim::simd::setgts<16>(a, b); }
inline unsigned __vsetgts4(unsigned a, unsigned b) { return ::cusim::simd::setgts<8>(a, b); }
inline unsigned __vsetgtu2(unsigned a, unsigned b) { return ::cusim::simd::setgtu<16>(a, b); }
inline unsigned __vsetgtu4(unsigned a, unsigned b) { return ::cusim::simd::setgtu<8>(a, b); }
inline unsigned __vsetles2(unsigned a, unsigned b) { return ::cusim::simd::setles<16>(a, b); }
inline unsigned __vsetles4(unsigned a, unsigned b) { return ::cusim::simd::setles<8>(a, b); }
inline unsigned __vsetleu2(unsigned a, unsigned b) { return ::cusim::simd::setleu<16>(a, b); }
inline unsigned __vsetleu4(unsigned a, unsigned b) { return ::cusim::simd::setleu<8>(a, b); }
inline unsigned __vsetlts2(unsigned a, unsigned b) { return ::cusim::simd::setlts<16>(a, b); }
inline unsigned __vsetlts4(unsigned a, unsigned b) { return ::cusim::simd::setlts<8>(a, b); }
inline unsigned __vsetltu2(unsigned a, unsigned b) { return ::cusim::simd::setltu<16>(a, b); }
inline unsigned __vsetltu4(unsigned a, unsigned b) { return ::cusim::simd::setltu<8>(a, b); }
inline unsigned __vmaxs2(unsigned a, unsigned b) { return ::cusim::simd::maxs<16>(a, b); }
inline unsigned __vmaxs4(unsigned a, unsigned b) { return ::cusim::simd::maxs<8>(a, b); }
inline unsigned __vmaxu2(unsigned a, unsigned b) { return ::cusim::simd::maxu<16>(a, b); }
inline unsigned __vmaxu4(unsigned a, unsigned b) { return ::cusim::simd::maxu<8>(a, b); }
inline unsigned __vmins2(unsigned a, unsigned b) { return ::cusim::simd::mins<16>(a, b); }
inline unsigned __vmins4(unsigned a, unsigned b) { return ::cusim::simd::mins<8>(a, b); }
inline unsigned __vminu2(unsigned a, unsigned b) { return ::cusim::simd::minu<16>(a, b); }
inline unsigned __vminu4(unsigned a, unsigned b) { return ::cusim::simd::minu<8>(a, b); }
inline unsigned __vneg2(unsigned a) { return ::cusim::simd::neg<16>(a, 0u); }
inline unsigned __vneg4(unsigned a) { return ::cusim::simd::neg<8>(a, 0u); }
inline unsigned __vnegss2(unsigned a) { return ::cusim::simd::negss<16>(a, 0u); }
inline unsigned __vnegss4(unsigned a) { return ::cusim::simd::negss<8>(a, 0u); }
inline unsigned __vsub2(unsigned a, unsigned b) { return ::cusim::simd::sub<16>(a, b); }
inline unsigned __vsub4(unsigned a, unsigned b) { return ::cusim::simd::sub<8>(a, b); }
inline unsigned __vsubss2(unsigned a, unsigned b) { return ::cusim::simd::subss<16>(a, b); }
inline unsigned __vsubss4(unsigned a, unsigned b) { return ::cusim::simd::subss<8>(a, b); }
inline unsigned __vsubus2(unsigned a, unsigned b) { return ::cusim::simd::subus<16>(a, b); }
inline unsigned __vsubus4(unsigned a, unsigned b) { return ::cusim::simd::subus<8>(a, b); }
inline unsigned __vsads2(unsigned a, unsigned b) { return ::cusim::simd::sads<16>(a, b); }
inline unsigned __vsads4(unsigned a, unsigned b) { return ::cusim::simd::sads<8>(a, b); }
inline unsigned __vsadu2(unsigned a, unsigned b) { return ::cusim::simd::sadu<16>(a, b); }
inline unsigned __vsadu4(unsigned a, unsigned b) { return ::cusim::simd::sadu<8>(a, b); }
