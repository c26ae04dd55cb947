// How a grid runs on the CPU: blocks one after another on the calling OS thread, and inside a block one
// fiber (boost.context's fcontext) per CUDA thread. A fiber runs until it reaches a barrier, a warp
// operation or its end, then hands over directly to the next runnable thread in slot order (the last one
// of a pass returns to the scheduler), so a block is a round-robin over its threads, a barrier costs one
// switch per thread, and every run is deterministic.
//
// Barriers: every live thread of the block must wait at a __syncthreads() before any goes on; threads that
// returned do not count (as on sm_70 and later). Warps may wait on different lines, as the hardware counts
// them; lanes of one warp on different lines, or a warp operation whose lanes never all arrive, end the run
// with a verdict (fatal.h).
//
// Races: barriers and __syncwarp advance the phases race_checker.h compares; an access pair in one phase
// by two threads, one of them writing, is a race.
//
// Two schedules. The first runs blocks, warps and lanes in index order and switches threads only where they
// wait: deterministic, which the messages need. It hides order bugs, which a GPU does not: a result that
// depends on which thread runs first comes out right every time. The second is adversarial, and as fixed:
// blocks in reverse order, warps in reverse order, odd lanes before even ones, each descending, and a switch
// to the next thread at every global-memory access, so that a read-modify-write of a shared location by
// several threads loses updates as it would on a GPU. The grader runs a case under both and compares.
#pragma once

#include <boost/context/detail/fcontext.hpp>
#include <cstdint>
#include <string>
#include <vector>

#include "cusim.h"

namespace cusim {

struct WarpResults;

struct SimThread {
  enum class State { kRunnable, kAtBarrier, kAtWarpOperation, kAtActiveMask, kExited };
  uint3 index{};
  int slot = 0;  // linear index in the block: x fastest, then y, then z
  State state = State::kRunnable;
  int wait_line = 0;  // the barrier or warp operation it waits at
  int predicate = 0;  // for __syncthreads_count
  unsigned active_mask = 0;  // __activemask()'s answer, once the warp has settled
  boost::context::detail::fcontext_t context = nullptr;  // where it resumes, while suspended
};

// Lanes of one warp meeting at a warp operation with one mask. Disjoint masks meet separately, as two
// halves of a warp shuffling within themselves do.
struct WarpMeeting {
  unsigned mask = 0;
  unsigned arrived = 0;
  WarpOp op = WarpOp::kShuffle;
  int line = 0;
  int width = 32;
};

struct WarpState {
  std::vector<WarpMeeting> meetings;  // pending: some lanes of the mask have not arrived yet
  unsigned exited = 0;                // lanes that returned: no meeting waits for them
  uint64_t values[32] = {};           // per lane: a lane is in at most one meeting at a time
  int arguments[32] = {};
  uint64_t results[32] = {};
};

enum class Schedule { kInOrder, kAdversarial };

// Set by set_schedule: the race checker's hooks switch threads at every global access while true.
extern bool g_switch_at_global_access;

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
  unsigned active_mask(int line);
  // The running thread lets the next one run (it stays runnable): the adversarial schedule's switch.
  void give_way() { yield(); }

  void set_schedule(Schedule schedule) { schedule_ = schedule; }
  Schedule schedule() const { return schedule_; }

 private:
  void prepare_threads(int count);
  static void thread_entry(boost::context::detail::transfer_t from);
  // Suspends the running context (saved into *save) and runs `thread`, or the scheduler when null.
  void switch_to(SimThread* thread, boost::context::detail::fcontext_t* save);
  // A pass over the block: runs every runnable thread once, in slot order, and returns when all have had
  // their turn.
  void run_pass();
  // The slot after `after` (-1: the first) in this schedule's order that can run, or -1.
  int next_runnable(int after) const;
  void order_threads();
  void yield();
  void release_barrier();
  void settle_active_masks();
  [[noreturn]] void report_stuck_block();
  unsigned existing_lanes(int warp) const;
  // The meeting `lane` joins for `mask` in `warp`; a new one when no pending meeting has that mask.
  WarpMeeting& meeting_for(int warp, WarpOp op, unsigned mask, int line, int width);
  // Completes the meeting if every lane it waits for has arrived: results computed, waiters woken.
  bool complete_if_ready(int warp, size_t meeting);
  // The lowest slot of `warp` waiting at a barrier.
  const SimThread* first_waiting_lane(int warp) const;
  std::string thread_name(const SimThread& thread) const;

  std::vector<SimThread> threads_;
  std::vector<WarpState> warps_;
  std::vector<void*> stacks_;  // one per thread slot, reused by every block
  Schedule schedule_ = Schedule::kInOrder;
  std::vector<int> order_;     // slots in the order a pass runs them
  std::vector<int> position_;  // a slot's place in order_
  boost::context::detail::fcontext_t scheduler_context_ = nullptr;
  KernelBody body_ = nullptr;
  void* closure_ = nullptr;
  SimThread* current_ = nullptr;
  const char* kernel_name_ = "";
  uint3 block_index_{};
  dim3 block_dim_;
  int thread_count_ = 0;
  int barrier_count_result_ = 0;
};

BlockScheduler& scheduler();

// Both the scheduler and the race checker follow it: the adversarial schedule records no races.
void set_schedule(Schedule schedule);
inline void give_way() { scheduler().give_way(); }

}  // namespace cusim
