// How a grid runs on the CPU: blocks one after another on the calling OS thread, and inside a block one
// fiber (boost.context) per CUDA thread. A fiber runs until it reaches a barrier, a warp operation or its
// end, so a block is a round-robin over its threads and every run is deterministic.
//
// Barriers: every live thread of the block must wait at the same __syncthreads() before any goes on;
// threads that returned do not count (as on sm_70 and later). Threads waiting at different barriers, or a
// warp operation whose lanes never all arrive, end the run with a verdict (fatal.h).
//
// Races: barriers and __syncwarp advance the phases race_checker.h compares; an access pair in one phase
// by two threads, one of them writing, is a race.
#pragma once

#include <boost/context/fiber.hpp>
#include <cstdint>
#include <string>
#include <vector>

#include "cusim.h"

namespace cusim {

struct SimThread {
  enum class State { kRunnable, kAtBarrier, kAtWarpOperation, kExited };
  uint3 index{};
  int slot = 0;  // linear index in the block: x fastest, then y, then z
  State state = State::kRunnable;
  int wait_line = 0;  // the barrier or warp operation it waits at
  int predicate = 0;  // for __syncthreads_count
  boost::context::fiber fiber;
};

// The lanes of one warp meeting at a warp operation.
struct WarpRendezvous {
  unsigned arrived = 0;
  unsigned mask = 0;
  WarpOp op = WarpOp::kShuffle;
  int line = 0;
  int width = 32;
  uint64_t values[32] = {};
  int arguments[32] = {};
  uint64_t results[32] = {};
};

class BlockScheduler {
 public:
  BlockScheduler();
  BlockScheduler(const BlockScheduler&) = delete;
  BlockScheduler& operator=(const BlockScheduler&) = delete;

  // Runs one block of a launch to completion.
  void run_block(const LaunchConfig& config, uint3 block_index, const char* kernel_name, KernelBody body,
                 void* closure);

  bool inside_kernel() const { return current_ != nullptr; }
  SimThread& current() { return *current_; }
  const char* kernel_name() const { return kernel_name_; }
  uint3 block_index() const { return block_index_; }
  const dim3& block_dim() const { return block_dim_; }
  uint3 thread_index_of(int slot) const;

  void syncthreads(int line);
  int syncthreads_count(int predicate, int line);
  uint64_t warp_collective(WarpOp op, unsigned mask, uint64_t value, int argument, int width, int line);
  unsigned active_mask();

 private:
  void prepare_threads(int count);
  void start_fiber(SimThread& thread, KernelBody body, void* closure);
  void resume(SimThread& thread);
  void yield();
  void release_barrier();
  [[noreturn]] void report_stuck_block();
  unsigned existing_lanes(int warp) const;
  static void compute_results(WarpRendezvous& warp, unsigned lanes);
  std::string thread_name(const SimThread& thread) const;

  std::vector<SimThread> threads_;
  std::vector<WarpRendezvous> warps_;
  std::vector<void*> stacks_;  // one per thread slot, reused by every block
  boost::context::fiber scheduler_;
  SimThread* current_ = nullptr;
  const char* kernel_name_ = "";
  uint3 block_index_{};
  dim3 block_dim_;
  int thread_count_ = 0;
  int barrier_count_result_ = 0;
};

BlockScheduler& scheduler();

}  // namespace cusim
