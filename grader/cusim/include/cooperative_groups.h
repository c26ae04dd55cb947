// cusim: cooperative groups (CUDA's <cooperative_groups.h>) for the CPU simulator, with nvcc's meaning. Groups
// are views of the running thread's block: their collectives are the warp operations and barriers of cusim.h,
// so races, masks and divergent calls are judged as they are for the intrinsics the groups stand for.
//
// Here: thread_block, thread_block_tile<N> (N a power of two up to 32; a larger tile is `unsupported`) and
// tiled_partition, coalesced_group and coalesced_threads, labeled_partition and binary_partition, invoke_one
// and invoke_one_broadcast, the thread_group every group converts to, and grid_group without its sync; reduce
// and the scans are in cooperative_groups/reduce.h and scan.h, memcpy_async in memcpy_async.h, as in CUDA. The ranks and sizes have CUDA 13's types. grid_group::sync needs
// a cooperative launch (cudaLaunchCooperativeKernel), which the labs' rules refuse, so on a GPU it cannot run
// in a lab either: here it ends the run as `crashed`, naming the reason.
#pragma once

#include <type_traits>

#include "cusim.h"

namespace cooperative_groups {
namespace details {

inline unsigned linear_thread() { return threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z); }
inline unsigned block_threads() { return blockDim.x * blockDim.y * blockDim.z; }
inline unsigned lane() { return linear_thread() % 32; }
inline unsigned lanes_below() { return (1u << lane()) - 1u; }
// The lanes of the tile of `size` lanes (a power of two up to 32) that holds this thread.
inline unsigned tile_mask(unsigned size) {
  const unsigned base = lane() / size * size;
  return size >= 32 ? 0xffffffffu : ((1u << size) - 1u) << base;
}
// The lane of the `rank`-th set bit of `mask`, or -1.
inline int lane_of_rank(unsigned mask, unsigned rank) {
  for (int lane = 0; lane < 32; ++lane) {
    if ((mask >> lane & 1u) && rank-- == 0) return lane;
  }
  return -1;
}

}  // namespace details

// Every group converts to it: the block, or lanes of one warp by their mask.
class thread_group {
 public:
  unsigned long long size() const { return block_ ? details::block_threads() : __builtin_popcount(mask_); }
  unsigned long long num_threads() const { return size(); }
  unsigned long long thread_rank() const {
    return block_ ? details::linear_thread() : __builtin_popcount(mask_ & details::lanes_below());
  }
  void sync(int line = __builtin_LINE()) const {
    if (block_) {
      __syncthreads(line);
    } else {
      __syncwarp(mask_, line);
    }
  }

 protected:
  thread_group(bool block, unsigned mask) : block_(block), mask_(mask) {}
  friend thread_group tiled_partition(const thread_group& parent, unsigned tile_size, int line);
  bool block_;
  unsigned mask_;  // the lanes, when not the block
};

class thread_block : public thread_group {
 public:
  static void sync(int line = __builtin_LINE()) { __syncthreads(line); }
  static unsigned int thread_rank() { return details::linear_thread(); }
  static unsigned int size() { return details::block_threads(); }
  static unsigned int num_threads() { return details::block_threads(); }
  static dim3 group_index() { return dim3(blockIdx.x, blockIdx.y, blockIdx.z); }
  static dim3 thread_index() { return dim3(threadIdx.x, threadIdx.y, threadIdx.z); }
  static dim3 group_dim() { return blockDim; }
  static dim3 dim_threads() { return blockDim; }

 private:
  thread_block() : thread_group(true, 0) {}
  friend thread_block this_thread_block();
};

inline thread_block this_thread_block() { return thread_block(); }

class coalesced_group;

namespace details {

// The lane mask behind a warp's group, and a coalesced_group of given lanes (CUDA's
// _coalesced_group_data_access): for the partitions and invoke_one, which are not members.
struct lanes_access;

// Lanes of one warp by mask: a tile, or the lanes that were active together.
class warp_lanes : public thread_group {
 public:
  unsigned int size() const { return static_cast<unsigned>(__builtin_popcount(mask_)); }
  unsigned int num_threads() const { return size(); }
  unsigned int thread_rank() const { return static_cast<unsigned>(__builtin_popcount(mask_ & lanes_below())); }
  void sync(int line = __builtin_LINE()) const { __syncwarp(mask_, line); }
  int any(int predicate, int line = __builtin_LINE()) const { return __any_sync(mask_, predicate, line); }
  int all(int predicate, int line = __builtin_LINE()) const { return __all_sync(mask_, predicate, line); }
  unsigned int ballot(int predicate, int line = __builtin_LINE()) const {
    return relative(__ballot_sync(mask_, predicate, line));
  }
  template <typename T>
  unsigned int match_any(T value, int line = __builtin_LINE()) const {
    return relative(__match_any_sync(mask_, value, line));
  }
  template <typename T>
  unsigned int match_all(T value, int& predicate, int line = __builtin_LINE()) const {
    return relative(__match_all_sync(mask_, value, &predicate, line));
  }

 protected:
  friend struct lanes_access;
  explicit warp_lanes(unsigned mask) : thread_group(false, mask) {}
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
  template <typename T>
  T shuffle_to_lane(T value, int source_lane, int width, int line) const {
    return ::cusim::shuffle_any(::cusim::WarpOp::kShuffle, mask_, value, source_lane, width, line);
  }
};

}  // namespace details

// thread_block_tile<Size, Parent> is a thread_block_tile<Size> (Parent = void), as in CUDA.
template <unsigned Size, typename Parent = void>
class thread_block_tile;

template <unsigned Size>
class thread_block_tile<Size, void> : public details::warp_lanes {
  static_assert(Size >= 1 && (Size & (Size - 1)) == 0, "a tile's size is a power of two");

 public:
  thread_block_tile(unsigned meta_rank, unsigned meta_size)
      : warp_lanes(details::tile_mask(Size)), meta_rank_(meta_rank), meta_size_(meta_size) {
    if (Size > 32) ::cusim::unsupported("a thread_block_tile of more than 32 threads", 0);
  }
  static constexpr unsigned int size() { return Size; }
  static constexpr unsigned int num_threads() { return Size; }
  unsigned int thread_rank() const { return details::lane() % Size; }
  unsigned int meta_group_rank() const { return meta_rank_; }
  unsigned int meta_group_size() const { return meta_size_; }
  template <typename T>
  T shfl(T value, int source_rank, int line = __builtin_LINE()) const {
    return ::cusim::shuffle_any(::cusim::WarpOp::kShuffle, mask_, value, source_rank, Size, line);
  }
  template <typename T>
  T shfl_down(T value, unsigned delta, int line = __builtin_LINE()) const {
    return ::cusim::shuffle_any(::cusim::WarpOp::kShuffleDown, mask_, value, static_cast<int>(delta), Size, line);
  }
  template <typename T>
  T shfl_up(T value, unsigned delta, int line = __builtin_LINE()) const {
    return ::cusim::shuffle_any(::cusim::WarpOp::kShuffleUp, mask_, value, static_cast<int>(delta), Size, line);
  }
  template <typename T>
  T shfl_xor(T value, unsigned lane_mask, int line = __builtin_LINE()) const {
    return ::cusim::shuffle_any(::cusim::WarpOp::kShuffleXor, mask_, value, static_cast<int>(lane_mask), Size, line);
  }

 private:
  unsigned meta_rank_, meta_size_;
};

template <unsigned Size, typename Parent>
class thread_block_tile : public thread_block_tile<Size, void> {
 public:
  using thread_block_tile<Size, void>::thread_block_tile;
};

// The tile of the parent (a block or a larger tile) that holds this thread; its meta-group rank counts the
// parent's tiles.
template <unsigned Size, typename Parent>
thread_block_tile<Size, Parent> tiled_partition(const Parent& parent) {
  return thread_block_tile<Size, Parent>(static_cast<unsigned>(parent.thread_rank()) / Size,
                                         (static_cast<unsigned>(parent.size()) + Size - 1) / Size);
}

inline thread_group tiled_partition(const thread_group& parent, unsigned tile_size, int line = __builtin_LINE()) {
  if (tile_size == 0 || (tile_size & (tile_size - 1)) != 0) {
    ::cusim::not_allowed_in_a_lab("tiled_partition: a tile's size must be a power of two", line);
  }
  if (tile_size > 32) ::cusim::unsupported("tiled_partition with a tile of more than 32 threads", line);
  (void)parent;
  return thread_group(false, details::tile_mask(tile_size));
}

class coalesced_group : public details::warp_lanes {
 public:
  template <typename T>
  T shfl(T value, unsigned source_rank, int line = __builtin_LINE()) const {
    const int source = details::lane_of_rank(mask_, source_rank);
    return shuffle_to_lane(value, source < 0 ? static_cast<int>(details::lane()) : source, 32, line);
  }
  template <typename T>
  T shfl_down(T value, unsigned delta, int line = __builtin_LINE()) const {
    const int source = details::lane_of_rank(mask_, thread_rank() + delta);
    return shuffle_to_lane(value, source < 0 ? static_cast<int>(details::lane()) : source, 32, line);
  }
  template <typename T>
  T shfl_up(T value, unsigned delta, int line = __builtin_LINE()) const {
    const unsigned rank = thread_rank();
    const int source = rank >= delta ? details::lane_of_rank(mask_, rank - delta) : static_cast<int>(details::lane());
    return shuffle_to_lane(value, source, 32, line);
  }
  unsigned int meta_group_rank() const { return 0; }
  unsigned int meta_group_size() const { return 1; }

 private:
  explicit coalesced_group(unsigned mask) : warp_lanes(mask) {}
  friend coalesced_group coalesced_threads(int line);
  friend struct details::lanes_access;
};

inline coalesced_group coalesced_threads(int line = __builtin_LINE()) { return coalesced_group(__activemask(line)); }

namespace details {
struct lanes_access {
  static unsigned mask(const warp_lanes& group) { return group.mask_; }
  static coalesced_group group(unsigned mask) { return coalesced_group(mask); }
};
}  // namespace details

// The lanes of `group` with this lane's label, or this lane's predicate: a warp's match and ballot.
template <typename Group, typename Label>
coalesced_group labeled_partition(const Group& group, Label label, int line = __builtin_LINE()) {
  const unsigned mask = details::lanes_access::mask(group);
  return details::lanes_access::group(__match_any_sync(mask, label, line));
}
template <typename Group>
coalesced_group binary_partition(const Group& group, bool predicate, int line = __builtin_LINE()) {
  const unsigned mask = details::lanes_access::mask(group);
  const unsigned taken = __ballot_sync(mask, predicate, line);
  return details::lanes_access::group(predicate ? taken : mask & ~taken);
}

// One thread of the group calls `fn`: its first lane, which sm_90's elect.sync picks too.
template <typename Group, typename Fn, typename... Args>
void invoke_one(const Group& group, Fn&& fn, Args&&... args) {
  if (group.thread_rank() == 0) static_cast<Fn&&>(fn)(static_cast<Args&&>(args)...);
}
template <typename Group, typename Fn, typename... Args>
auto invoke_one_broadcast(const Group& group, Fn&& fn, Args&&... args) {
  std::remove_cv_t<std::remove_reference_t<decltype(fn(args...))>> result{};
  if (group.thread_rank() == 0) result = static_cast<Fn&&>(fn)(static_cast<Args&&>(args)...);
  return group.shfl(result, 0);
}

class grid_group {
 public:
  unsigned long long thread_rank() const {
    const unsigned long long block =
        blockIdx.x + gridDim.x * (blockIdx.y + static_cast<unsigned long long>(gridDim.y) * blockIdx.z);
    return block * details::block_threads() + details::linear_thread();
  }
  unsigned long long size() const {
    return static_cast<unsigned long long>(gridDim.x) * gridDim.y * gridDim.z * details::block_threads();
  }
  unsigned long long num_threads() const { return size(); }
  unsigned long long num_blocks() const { return static_cast<unsigned long long>(gridDim.x) * gridDim.y * gridDim.z; }
  unsigned long long block_rank() const {
    return blockIdx.x + gridDim.x * (blockIdx.y + static_cast<unsigned long long>(gridDim.y) * blockIdx.z);
  }
  dim3 block_index() const { return dim3(blockIdx.x, blockIdx.y, blockIdx.z); }
  dim3 dim_blocks() const { return gridDim; }
  dim3 group_dim() const { return gridDim; }
  dim3 dim_threads() const { return dim3(gridDim.x * blockDim.x, gridDim.y * blockDim.y, gridDim.z * blockDim.z); }
  dim3 thread_index() const {
    return dim3(blockIdx.x * blockDim.x + threadIdx.x, blockIdx.y * blockDim.y + threadIdx.y,
                blockIdx.z * blockDim.z + threadIdx.z);
  }
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

}  // namespace cooperative_groups
