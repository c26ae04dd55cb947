// cusim: cooperative groups (CUDA's <cooperative_groups.h>) for the CPU simulator, with nvcc's meaning. Groups
// are views of the running thread's block: their collectives are the warp operations and barriers of cusim.h,
// so races, masks and divergent calls are judged as they are for the intrinsics the groups stand for.
//
// Here: thread_block, thread_block_tile<N> (N a power of two up to 32) and tiled_partition, coalesced_group and
// coalesced_threads, the thread_group a dynamic tiled_partition returns, grid_group without its sync, and
// reduce, inclusive_scan, exclusive_scan, memcpy_async and wait (cooperative_groups/reduce.h and its kin include
// this file). grid_group::sync needs a cooperative launch (cudaLaunchCooperativeKernel), which the labs' rules
// refuse, so on a GPU it cannot run in a lab either: here it ends the run as `crashed`, naming the reason.
#pragma once

#include <type_traits>

#include "cusim.h"

namespace cooperative_groups {
namespace details {

inline unsigned linear_thread() { return threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z); }
inline unsigned block_threads() { return blockDim.x * blockDim.y * blockDim.z; }
inline unsigned lane() { return linear_thread() % 32; }
inline unsigned lanes_below() { return (1u << lane()) - 1u; }
// The lanes of the tile of `size` lanes that holds this thread.
inline unsigned tile_mask(unsigned size) {
  const unsigned base = lane() / size * size;
  return size == 32 ? 0xffffffffu : ((1u << size) - 1u) << base;
}
// The lane of the `rank`-th set bit of `mask`.
inline int lane_of_rank(unsigned mask, unsigned rank) {
  for (int lane = 0; lane < 32; ++lane) {
    if ((mask >> lane & 1u) && rank-- == 0) return lane;
  }
  return -1;
}

}  // namespace details

class thread_block;

// A group known only at run time: the block, or a tile of it from tiled_partition(parent, size).
class thread_group {
 public:
  unsigned long long size() const { return size_; }
  unsigned long long num_threads() const { return size_; }
  unsigned long long thread_rank() const { return whole_block_ ? details::linear_thread() : details::linear_thread() % size_; }
  unsigned meta_group_rank() const { return whole_block_ ? 0 : details::linear_thread() / size_; }
  void sync(int line = __builtin_LINE()) const {
    if (whole_block_) {
      __syncthreads(line);
    } else {
      __syncwarp(details::tile_mask(size_), line);
    }
  }

 protected:
  thread_group(bool whole_block, unsigned size) : whole_block_(whole_block), size_(size) {}
  friend thread_group tiled_partition(const thread_group& parent, unsigned tile_size, int line);

 private:
  bool whole_block_;
  unsigned size_;
};

class thread_block : public thread_group {
 public:
  static void sync(int line = __builtin_LINE()) { __syncthreads(line); }
  static unsigned long long thread_rank() { return details::linear_thread(); }
  static unsigned long long size() { return details::block_threads(); }
  static unsigned long long num_threads() { return details::block_threads(); }
  static dim3 group_index() { return dim3(blockIdx.x, blockIdx.y, blockIdx.z); }
  static dim3 thread_index() { return dim3(threadIdx.x, threadIdx.y, threadIdx.z); }
  static dim3 group_dim() { return blockDim; }
  static dim3 dim_threads() { return blockDim; }

 private:
  thread_block() : thread_group(true, details::block_threads()) {}
  friend thread_block this_thread_block();
};

inline thread_block this_thread_block() { return thread_block(); }

// A group of lanes of one warp, by mask: a tile, or the lanes that were active together.
class warp_lanes {
 public:
  unsigned long long size() const { return static_cast<unsigned>(__builtin_popcount(mask_)); }
  unsigned long long num_threads() const { return size(); }
  unsigned long long thread_rank() const { return static_cast<unsigned>(__builtin_popcount(mask_ & details::lanes_below())); }
  void sync(int line = __builtin_LINE()) const { __syncwarp(mask_, line); }
  int any(int predicate, int line = __builtin_LINE()) const { return __any_sync(mask_, predicate, line); }
  int all(int predicate, int line = __builtin_LINE()) const { return __all_sync(mask_, predicate, line); }
  template <typename T>
  unsigned match_any(T value, int line = __builtin_LINE()) const { return relative(__match_any_sync(mask_, value, line)); }
  template <typename T>
  unsigned match_all(T value, int& predicate, int line = __builtin_LINE()) const {
    return relative(__match_all_sync(mask_, value, &predicate, line));
  }
  unsigned get_mask() const { return mask_; }

 protected:
  explicit warp_lanes(unsigned mask) : mask_(mask) {}
  // A warp-wide lane mask as the group's ranks: bit r for the group's r-th lane.
  unsigned relative(unsigned warp_bits) const {
    unsigned bits = 0, rank = 0;
    for (int lane = 0; lane < 32; ++lane) {
      if (!(mask_ >> lane & 1u)) continue;
      if (warp_bits >> lane & 1u) bits |= 1u << rank;
      ++rank;
    }
    return bits;
  }
  unsigned mask_;
};

// thread_block_tile<Size, Parent> is a thread_block_tile<Size> (Parent = void), as in CUDA.
template <unsigned Size, typename Parent = void>
class thread_block_tile;

template <unsigned Size>
class thread_block_tile<Size, void> : public warp_lanes {
  static_assert(Size >= 1 && Size <= 32 && (Size & (Size - 1)) == 0,
                "the simulator's tiles are a power of two of at most 32 threads");

 public:
  static constexpr unsigned long long size() { return Size; }
  static constexpr unsigned long long num_threads() { return Size; }
  unsigned long long thread_rank() const { return details::lane() % Size; }
  unsigned long long meta_group_rank() const { return details::linear_thread() / Size; }
  unsigned long long meta_group_size() const { return (details::block_threads() + Size - 1) / Size; }
  template <typename T>
  T shfl(T value, int source_rank, int line = __builtin_LINE()) const {
    return __shfl_sync(mask_, value, source_rank, Size, line);
  }
  template <typename T>
  T shfl_down(T value, unsigned delta, int line = __builtin_LINE()) const {
    return __shfl_down_sync(mask_, value, delta, Size, line);
  }
  template <typename T>
  T shfl_up(T value, unsigned delta, int line = __builtin_LINE()) const {
    return __shfl_up_sync(mask_, value, delta, Size, line);
  }
  template <typename T>
  T shfl_xor(T value, unsigned lane_mask, int line = __builtin_LINE()) const {
    return __shfl_xor_sync(mask_, value, static_cast<int>(lane_mask), Size, line);
  }
  unsigned ballot(int predicate, int line = __builtin_LINE()) const { return relative(__ballot_sync(mask_, predicate, line)); }

  thread_block_tile() : warp_lanes(details::tile_mask(Size)) {}
};

template <unsigned Size, typename Parent>
class thread_block_tile : public thread_block_tile<Size, void> {};

template <unsigned Size, typename Parent>
thread_block_tile<Size, Parent> tiled_partition(const Parent&) {
  return thread_block_tile<Size, Parent>();
}

inline thread_group tiled_partition(const thread_group& parent, unsigned tile_size, int line = __builtin_LINE()) {
  if (tile_size == 0 || tile_size > 32 || (tile_size & (tile_size - 1)) != 0) {
    ::cusim::unsupported("tiled_partition with a tile that is not a power of two of at most 32 threads", line);
  }
  (void)parent;
  return thread_group(false, tile_size);
}

class coalesced_group : public warp_lanes {
 public:
  template <typename T>
  T shfl(T value, unsigned source_rank, int line = __builtin_LINE()) const {
    const int source = details::lane_of_rank(mask_, source_rank);
    return __shfl_sync(mask_, value, source < 0 ? static_cast<int>(details::lane()) : source, 32, line);
  }
  template <typename T>
  T shfl_down(T value, unsigned delta, int line = __builtin_LINE()) const {
    const int source = details::lane_of_rank(mask_, static_cast<unsigned>(thread_rank()) + delta);
    return __shfl_sync(mask_, value, source < 0 ? static_cast<int>(details::lane()) : source, 32, line);
  }
  template <typename T>
  T shfl_up(T value, unsigned delta, int line = __builtin_LINE()) const {
    const unsigned rank = static_cast<unsigned>(thread_rank());
    const int source = rank >= delta ? details::lane_of_rank(mask_, rank - delta) : static_cast<int>(details::lane());
    return __shfl_sync(mask_, value, source, 32, line);
  }
  unsigned ballot(int predicate, int line = __builtin_LINE()) const { return relative(__ballot_sync(mask_, predicate, line)); }
  unsigned long long meta_group_rank() const { return 0; }
  unsigned long long meta_group_size() const { return 1; }

 private:
  explicit coalesced_group(unsigned mask) : warp_lanes(mask) {}
  friend coalesced_group coalesced_threads();
};

inline coalesced_group coalesced_threads() { return coalesced_group(__activemask()); }

class grid_group {
 public:
  unsigned long long thread_rank() const {
    const unsigned long long block = blockIdx.x + gridDim.x * (blockIdx.y + static_cast<unsigned long long>(gridDim.y) * blockIdx.z);
    return block * details::block_threads() + details::linear_thread();
  }
  unsigned long long size() const {
    return static_cast<unsigned long long>(gridDim.x) * gridDim.y * gridDim.z * details::block_threads();
  }
  unsigned long long num_threads() const { return size(); }
  bool is_valid() const { return false; }
  void sync(int line = __builtin_LINE()) const {
    ::cusim::not_allowed_in_a_lab("grid_group::sync(): a grid-wide barrier needs a cooperative launch "
                                  "(cudaLaunchCooperativeKernel), which the labs' rules do not allow; end the kernel "
                                  "and launch another instead",
                                  line);
  }
};

inline grid_group this_grid() { return grid_group(); }

template <typename Group>
void sync(const Group& group, int line = __builtin_LINE()) {
  group.sync(line);
}

// ---- reduce, scans (<cooperative_groups/reduce.h>, <cooperative_groups/scan.h>) -------------------------------

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

// ---- memcpy_async and wait (<cooperative_groups/memcpy_async.h>) --------------------------------------------
// The group's threads copy the bytes between them, element-strided as a GPU's asynchronous copy spreads them;
// wait() is the group's barrier, after which every thread sees the whole copy.

template <typename Group>
void memcpy_async(const Group& group, void* destination, const void* source, size_t bytes) {
  unsigned char* to = static_cast<unsigned char*>(destination);
  const unsigned char* from = static_cast<const unsigned char*>(source);
  const size_t rank = group.thread_rank(), size = group.size();
  if (bytes % 4 == 0 && reinterpret_cast<uintptr_t>(to) % 4 == 0 && reinterpret_cast<uintptr_t>(from) % 4 == 0) {
    for (size_t word = rank; word < bytes / 4; word += size) {
      reinterpret_cast<uint32_t*>(to)[word] = reinterpret_cast<const uint32_t*>(from)[word];
    }
    return;
  }
  for (size_t byte = rank; byte < bytes; byte += size) to[byte] = from[byte];
}
template <typename Group, typename T>
void memcpy_async(const Group& group, T* destination, const T* source, size_t bytes) {
  memcpy_async(group, static_cast<void*>(destination), static_cast<const void*>(source), bytes);
}
template <typename Group>
void wait(const Group& group, int line = __builtin_LINE()) {
  group.sync(line);
}
template <unsigned Stage, typename Group>
void wait_prior(const Group& group, int line = __builtin_LINE()) {
  group.sync(line);
}

}  // namespace cooperative_groups
