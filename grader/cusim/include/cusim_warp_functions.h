// cusim: the barriers and warp functions of the CUDA dialect (__syncthreads and its kin, shuffles, votes,
// matches, sm_80's reductions) as plain C++, for the CPU simulator. Part of cusim.h, which includes it after
// the runtime's warp meetings they call; see there. Each takes its caller's line, for the messages.
#pragma once

inline void __syncthreads(int line = __builtin_LINE()) { ::cusim::syncthreads(line); }
inline int __syncthreads_count(int predicate, int line = __builtin_LINE()) {
  return ::cusim::syncthreads_count(predicate, line);
}
inline int __syncthreads_and(int predicate, int line = __builtin_LINE()) {
  return ::cusim::syncthreads_count(!predicate, line) == 0;
}
inline int __syncthreads_or(int predicate, int line = __builtin_LINE()) {
  return ::cusim::syncthreads_count(predicate, line) != 0;
}
inline void __syncwarp(unsigned mask = 0xffffffffu, int line = __builtin_LINE()) { ::cusim::syncwarp(mask, line); }

template <typename T>
T __shfl_sync(unsigned mask, T value, int source_lane, int width = 32, int line = __builtin_LINE()) {
  return ::cusim::shuffle(::cusim::WarpOp::kShuffle, mask, value, source_lane, width, line);
}
template <typename T>
T __shfl_up_sync(unsigned mask, T value, unsigned delta, int width = 32, int line = __builtin_LINE()) {
  return ::cusim::shuffle(::cusim::WarpOp::kShuffleUp, mask, value, static_cast<int>(delta), width, line);
}
template <typename T>
T __shfl_down_sync(unsigned mask, T value, unsigned delta, int width = 32, int line = __builtin_LINE()) {
  return ::cusim::shuffle(::cusim::WarpOp::kShuffleDown, mask, value, static_cast<int>(delta), width, line);
}
template <typename T>
T __shfl_xor_sync(unsigned mask, T value, int lane_mask, int width = 32, int line = __builtin_LINE()) {
  return ::cusim::shuffle(::cusim::WarpOp::kShuffleXor, mask, value, lane_mask, width, line);
}
inline unsigned __ballot_sync(unsigned mask, int predicate, int line = __builtin_LINE()) {
  return static_cast<unsigned>(::cusim::warp_collective(::cusim::WarpOp::kBallot, mask, predicate != 0, 0, 32, line));
}
inline int __any_sync(unsigned mask, int predicate, int line = __builtin_LINE()) {
  return static_cast<int>(::cusim::warp_collective(::cusim::WarpOp::kAny, mask, predicate != 0, 0, 32, line));
}
inline int __all_sync(unsigned mask, int predicate, int line = __builtin_LINE()) {
  return static_cast<int>(::cusim::warp_collective(::cusim::WarpOp::kAll, mask, predicate != 0, 0, 32, line));
}
// Whether the predicate is the same in every lane of the mask: one ballot, as uniform as the hardware's vote.
inline int __uni_sync(unsigned mask, int predicate, int line = __builtin_LINE()) {
  const unsigned ballot = __ballot_sync(mask, predicate, line);
  return ballot == 0 || ballot == mask;
}
inline unsigned __activemask(int line = __builtin_LINE()) { return ::cusim::active_mask(line); }

// sm_70's matches and sm_80's warp reductions, on 32-bit (and, for the matches, 64-bit) values.
template <typename T>
unsigned __match_any_sync(unsigned mask, T value, int line = __builtin_LINE()) {
  static_assert(std::is_integral_v<T> || std::is_floating_point_v<T>, "__match_any_sync compares 32- and 64-bit values");
  ::cusim::u64 bits = 0;
  memcpy(&bits, &value, sizeof(T));
  return static_cast<unsigned>(::cusim::warp_collective(::cusim::WarpOp::kMatchAny, mask, bits, 0, 32, line));
}
template <typename T>
unsigned __match_all_sync(unsigned mask, T value, int* predicate, int line = __builtin_LINE()) {
  static_assert(std::is_integral_v<T> || std::is_floating_point_v<T>, "__match_all_sync compares 32- and 64-bit values");
  ::cusim::u64 bits = 0;
  memcpy(&bits, &value, sizeof(T));
  const unsigned result =
      static_cast<unsigned>(::cusim::warp_collective(::cusim::WarpOp::kMatchAll, mask, bits, 0, 32, line));
  *predicate = result != 0;
  return result;
}
#define CUSIM_WARP_REDUCE(name, op)                                                                          \
  inline unsigned name(unsigned mask, unsigned value, int line = __builtin_LINE()) {                        \
    return static_cast<unsigned>(::cusim::warp_collective(::cusim::WarpOp::op, mask, value, 0, 32, line));   \
  }                                                                                                          \
  inline int name(unsigned mask, int value, int line = __builtin_LINE()) {                                  \
    return static_cast<int>(static_cast<::cusim::u32>(                                                           \
        ::cusim::warp_collective(::cusim::WarpOp::op, mask, static_cast<::cusim::u32>(value), 1, 32, line)));    \
  }
CUSIM_WARP_REDUCE(__reduce_add_sync, kReduceAdd)
CUSIM_WARP_REDUCE(__reduce_min_sync, kReduceMin)
CUSIM_WARP_REDUCE(__reduce_max_sync, kReduceMax)
#undef CUSIM_WARP_REDUCE
// CUDA declares the bitwise reductions for unsigned only.
inline unsigned __reduce_and_sync(unsigned mask, unsigned value, int line = __builtin_LINE()) {
  return static_cast<unsigned>(::cusim::warp_collective(::cusim::WarpOp::kReduceAnd, mask, value, 0, 32, line));
}
inline unsigned __reduce_or_sync(unsigned mask, unsigned value, int line = __builtin_LINE()) {
  return static_cast<unsigned>(::cusim::warp_collective(::cusim::WarpOp::kReduceOr, mask, value, 0, 32, line));
}
inline unsigned __reduce_xor_sync(unsigned mask, unsigned value, int line = __builtin_LINE()) {
  return static_cast<unsigned>(::cusim::warp_collective(::cusim::WarpOp::kReduceXor, mask, value, 0, 32, line));
}
