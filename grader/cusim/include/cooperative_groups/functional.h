// cusim: <cooperative_groups/functional.h>, the operators reduce and the scans take, for the simulator
// (cooperative_groups.h says how).
#pragma once

#include "../cooperative_groups.h"

namespace cooperative_groups {

template <typename T>
struct plus {
  T operator()(T a, T b) const { return a + b; }
};
template <typename T>
struct less {
  T operator()(T a, T b) const { return b < a ? b : a; }
};
template <typename T>
struct greater {
  T operator()(T a, T b) const { return a < b ? b : a; }
};
template <typename T>
struct bit_and {
  T operator()(T a, T b) const { return a & b; }
};
template <typename T>
struct bit_or {
  T operator()(T a, T b) const { return a | b; }
};
template <typename T>
struct bit_xor {
  T operator()(T a, T b) const { return a ^ b; }
};

}  // namespace cooperative_groups
