// cusim: <cooperative_groups/scan.h>, inclusive and exclusive scans over a group, for the simulator
// (cooperative_groups.h says how).
#pragma once

#include "functional.h"

namespace cooperative_groups {

template <typename Group, typename T, typename Op>
std::decay_t<T> inclusive_scan(const Group& group, T&& value, Op&& op, int line = __builtin_LINE()) {
  using Value = std::decay_t<T>;
  Value total = value;
  const unsigned size = static_cast<unsigned>(group.size());
  const unsigned self = static_cast<unsigned>(group.thread_rank());
  for (unsigned rank = 0; rank < size; ++rank) {
    const Value other = group.shfl(static_cast<Value>(value), rank, line);
    if (rank == 0) total = other;
    if (rank > 0 && rank <= self) total = op(total, other);
  }
  return total;
}
template <typename Group, typename T>
std::decay_t<T> inclusive_scan(const Group& group, T&& value, int line = __builtin_LINE()) {
  return inclusive_scan(group, value, plus<std::decay_t<T>>(), line);
}

// Rank 0 gets a value-initialised T, as CUDA's exclusive_scan leaves it for plus.
template <typename Group, typename T, typename Op>
std::decay_t<T> exclusive_scan(const Group& group, T&& value, Op&& op, int line = __builtin_LINE()) {
  using Value = std::decay_t<T>;
  Value total{};
  const unsigned size = static_cast<unsigned>(group.size());
  const unsigned self = static_cast<unsigned>(group.thread_rank());
  for (unsigned rank = 0; rank < size; ++rank) {
    const Value other = group.shfl(static_cast<Value>(value), rank, line);
    if (rank == 0 && self > 0) total = other;
    if (rank > 0 && rank < self) total = op(total, other);
  }
  return total;
}
template <typename Group, typename T>
std::decay_t<T> exclusive_scan(const Group& group, T&& value, int line = __builtin_LINE()) {
  return exclusive_scan(group, value, plus<std::decay_t<T>>(), line);
}

}  // namespace cooperative_groups
