// cusim: <cooperative_groups/reduce.h>, every lane of a group gets an operator over the group's values, for the
// simulator (cooperative_groups.h says how).
#pragma once

#include "functional.h"

namespace cooperative_groups {

namespace details {
template <typename Group>
struct is_tile : std::false_type {};
template <unsigned Size, typename Parent>
struct is_tile<thread_block_tile<Size, Parent>> : std::true_type {};
}  // namespace details

// Every lane of the group gets op over the group's values, as CUDA's reduce gives it: a tile by a butterfly of
// shfl_xor, a coalesced group rank by rank.
template <typename Group, typename T, typename Op>
std::decay_t<T> reduce(const Group& group, T&& value, Op&& op, int line = __builtin_LINE()) {
  using Value = std::decay_t<T>;
  Value total = value;
  if constexpr (details::is_tile<Group>::value) {
    for (unsigned offset = static_cast<unsigned>(group.size()) / 2; offset > 0; offset /= 2) {
      total = op(total, group.shfl_xor(total, offset, line));
    }
    return total;
  }
  const unsigned size = static_cast<unsigned>(group.size());
  for (unsigned rank = 0; rank < size; ++rank) {
    const Value other = group.shfl(static_cast<Value>(value), rank, line);
    total = rank == 0 ? other : op(total, other);
  }
  return total;
}

}  // namespace cooperative_groups
