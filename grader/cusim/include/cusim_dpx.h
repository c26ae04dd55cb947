// cusim: sm_90's DPX instructions (__viaddmax_s32, __vibmin_u16x2, __vimax3_s16x2_relu, ...: fused add, min
// and max on one 32-bit value or two 16-bit fields), as plain C++. Part of cusim.h.
// scripts/device-intrinsics-diff.sh compares every one with an H200's answers.
#pragma once

#include "cusim_simd.h"

namespace cusim {
namespace simd {

// The two 16-bit fields of op(a, b, c) on each field of the operands, signed or unsigned; additions wrap.
template <bool Signed, typename Op>
unsigned per_half(unsigned a, unsigned b, unsigned c, Op op) {
  unsigned result = 0;
  for (int lane = 0; lane < 2; ++lane) {
    const auto take = [&](unsigned x) { return Signed ? signed_field<16>(x, lane) : field<16>(x, lane); };
    result |= (static_cast<unsigned>(op(take(a), take(b), take(c))) & 0xffffu) << (16 * lane);
  }
  return result;
}
template <bool Signed>
constexpr int wrapped_sum16(int x, int y) {
  return Signed ? signed_field<16>(static_cast<unsigned>(x + y), 0) : field<16>(static_cast<unsigned>(x + y), 0);
}
constexpr int wrapped_sum(int x, int y) {
  return static_cast<int>(static_cast<unsigned>(x) + static_cast<unsigned>(y));
}

}  // namespace simd
}  // namespace cusim

inline int __viaddmax_s32(int a, int b, int c) { return max(::cusim::simd::wrapped_sum(a, b), c); }
inline int __viaddmin_s32(int a, int b, int c) { return min(::cusim::simd::wrapped_sum(a, b), c); }
inline int __viaddmax_s32_relu(int a, int b, int c) { return max(__viaddmax_s32(a, b, c), 0); }
inline int __viaddmin_s32_relu(int a, int b, int c) { return max(__viaddmin_s32(a, b, c), 0); }
inline unsigned __viaddmax_u32(unsigned a, unsigned b, unsigned c) { return a + b > c ? a + b : c; }
inline unsigned __viaddmin_u32(unsigned a, unsigned b, unsigned c) { return a + b < c ? a + b : c; }
inline unsigned __viaddmax_s16x2(unsigned a, unsigned b, unsigned c) {
  return ::cusim::simd::per_half<true>(a, b, c, [](int x, int y, int z) {
    return max(::cusim::simd::wrapped_sum16<true>(x, y), z);
  });
}
inline unsigned __viaddmin_s16x2(unsigned a, unsigned b, unsigned c) {
  return ::cusim::simd::per_half<true>(a, b, c, [](int x, int y, int z) {
    return min(::cusim::simd::wrapped_sum16<true>(x, y), z);
  });
}
inline unsigned __viaddmax_s16x2_relu(unsigned a, unsigned b, unsigned c) {
  return ::cusim::simd::per_half<true>(a, b, c, [](int x, int y, int z) {
    return max(max(::cusim::simd::wrapped_sum16<true>(x, y), z), 0);
  });
}
inline unsigned __viaddmin_s16x2_relu(unsigned a, unsigned b, unsigned c) {
  return ::cusim::simd::per_half<true>(a, b, c, [](int x, int y, int z) {
    return max(min(::cusim::simd::wrapped_sum16<true>(x, y), z), 0);
  });
}
inline unsigned __viaddmax_u16x2(unsigned a, unsigned b, unsigned c) {
  return ::cusim::simd::per_half<false>(a, b, c, [](int x, int y, int z) {
    return max(::cusim::simd::wrapped_sum16<false>(x, y), z);
  });
}
inline unsigned __viaddmin_u16x2(unsigned a, unsigned b, unsigned c) {
  return ::cusim::simd::per_half<false>(a, b, c, [](int x, int y, int z) {
    return min(::cusim::simd::wrapped_sum16<false>(x, y), z);
  });
}

// The larger (smaller) of a and b, and whether it is a: a >= b (a <= b), per field for two 16-bit fields.
inline int __vibmax_s32(int a, int b, bool* pred) { return *pred = a >= b, a >= b ? a : b; }
inline int __vibmin_s32(int a, int b, bool* pred) { return *pred = a <= b, a <= b ? a : b; }
inline unsigned __vibmax_u32(unsigned a, unsigned b, bool* pred) { return *pred = a >= b, a >= b ? a : b; }
inline unsigned __vibmin_u32(unsigned a, unsigned b, bool* pred) { return *pred = a <= b, a <= b ? a : b; }
template <bool Signed, bool Max>
unsigned cusim_pick_halves(unsigned a, unsigned b, bool* pred_hi, bool* pred_lo) {
  bool* preds[2] = {pred_lo, pred_hi};
  return ::cusim::simd::per_half<Signed>(a, b, 0u, [&, lane = 0](int x, int y, int) mutable {
    const bool first = Max ? x >= y : x <= y;
    *preds[lane++] = first;
    return first ? x : y;
  });
}
inline unsigned __vibmax_s16x2(unsigned a, unsigned b, bool* pred_hi, bool* pred_lo) {
  return cusim_pick_halves<true, true>(a, b, pred_hi, pred_lo);
}
inline unsigned __vibmin_s16x2(unsigned a, unsigned b, bool* pred_hi, bool* pred_lo) {
  return cusim_pick_halves<true, false>(a, b, pred_hi, pred_lo);
}
inline unsigned __vibmax_u16x2(unsigned a, unsigned b, bool* pred_hi, bool* pred_lo) {
  return cusim_pick_halves<false, true>(a, b, pred_hi, pred_lo);
}
inline unsigned __vibmin_u16x2(unsigned a, unsigned b, bool* pred_hi, bool* pred_lo) {
  return cusim_pick_halves<false, false>(a, b, pred_hi, pred_lo);
}

// Three-way and ReLU'd minimum and maximum.
inline int __vimax3_s32(int a, int b, int c) { return max(max(a, b), c); }
inline int __vimin3_s32(int a, int b, int c) { return min(min(a, b), c); }
inline int __vimax3_s32_relu(int a, int b, int c) { return max(__vimax3_s32(a, b, c), 0); }
inline int __vimin3_s32_relu(int a, int b, int c) { return max(__vimin3_s32(a, b, c), 0); }
inline int __vimax_s32_relu(int a, int b) { return max(max(a, b), 0); }
inline int __vimin_s32_relu(int a, int b) { return max(min(a, b), 0); }
inline unsigned __vimax3_u32(unsigned a, unsigned b, unsigned c) { return a > b ? (a > c ? a : c) : (b > c ? b : c); }
inline unsigned __vimin3_u32(unsigned a, unsigned b, unsigned c) { return a < b ? (a < c ? a : c) : (b < c ? b : c); }
inline unsigned __vimax3_s16x2(unsigned a, unsigned b, unsigned c) {
  return ::cusim::simd::per_half<true>(a, b, c, [](int x, int y, int z) {
    return max(max(x, y), z);
  });
}
inline unsigned __vimin3_s16x2(unsigned a, unsigned b, unsigned c) {
  return ::cusim::simd::per_half<true>(a, b, c, [](int x, int y, int z) {
    return min(min(x, y), z);
  });
}
inline unsigned __vimax3_u16x2(unsigned a, unsigned b, unsigned c) {
  return ::cusim::simd::per_half<false>(a, b, c, [](int x, int y, int z) {
    return max(max(x, y), z);
  });
}
inline unsigned __vimin3_u16x2(unsigned a, unsigned b, unsigned c) {
  return ::cusim::simd::per_half<false>(a, b, c, [](int x, int y, int z) {
    return min(min(x, y), z);
  });
}
inline unsigned __vimax3_s16x2_relu(unsigned a, unsigned b, unsigned c) {
  return ::cusim::simd::per_half<true>(a, b, c, [](int x, int y, int z) {
    return max(max(max(x, y), z), 0);
  });
}
inline unsigned __vimin3_s16x2_relu(unsigned a, unsigned b, unsigned c) {
  return ::cusim::simd::per_half<true>(a, b, c, [](int x, int y, int z) {
    return max(min(min(x, y), z), 0);
  });
}
inline unsigned __vimax_s16x2_relu(unsigned a, unsigned b) {
  return ::cusim::simd::per_half<true>(a, b, 0u, [](int x, int y, int) {
    return max(max(x, y), 0);
  });
}
inline unsigned __vimin_s16x2_relu(unsigned a, unsigned b) {
  return ::cusim::simd::per_half<true>(a, b, 0u, [](int x, int y, int) {
    return max(min(x, y), 0);
  });
}
