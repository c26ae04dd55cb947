#include "cusim/runtime/scheduler.h"

#include <sys/mman.h>

#include <cstdio>
#include <stdexcept>

#include "cusim/runtime/access_profile.h"
#include "cusim/runtime/advice.h"
#include "cusim/runtime/fatal.h"
#include "cusim/runtime/kernel_reach.h"
#include "cusim/runtime/shared_memory.h"
#include "cusim/runtime/race_checker.h"
#include "cusim/runtime/symbolize.h"
#include "cusim/runtime/warp_results.h"

namespace cusim {

BuiltIns g_built_ins{};
bool g_switch_at_global_access = false;

namespace {

constexpr int kMaxThreadsPerBlock = 1024;
constexpr size_t kStackBytes = 256 * 1024;  // instrumented frames are large; deep recursion still hits the guard
constexpr size_t kGuardBytes = 4096;

// A thread's stack is fixed per slot, so a finished block's frames are reused by the same slot's next fiber.
// Below it a guard page turns a stack overflow into a crash. All stacks lie in one reserved span, so that the
// race checker can tell a kernel's own locals from host memory with one range test.
void* map_stack(int slot) {
  static char* span = nullptr;
  const size_t each = kStackBytes + kGuardBytes;
  if (span == nullptr) {
    void* reserved = mmap(nullptr, each * kMaxThreadsPerBlock, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE,
                          -1, 0);
    if (reserved == MAP_FAILED) throw std::runtime_error("cusim: cannot reserve the fibers' stacks");
    span = static_cast<char*>(reserved);
    reach::allow_stacks(span, each * kMaxThreadsPerBlock);
  }
  char* stack = span + each * static_cast<size_t>(slot) + kGuardBytes;
  if (mprotect(stack, kStackBytes, PROT_READ | PROT_WRITE) != 0) throw std::runtime_error("cusim: cannot map a fiber stack");
  return stack;
}

uint3 unlinearize(int slot, const dim3& dim) {
  return {static_cast<unsigned>(slot) % dim.x, static_cast<unsigned>(slot) / dim.x % dim.y,
          static_cast<unsigned>(slot) / (dim.x * dim.y)};
}

}  // namespace

BlockScheduler::BlockScheduler() = default;

BlockScheduler& scheduler() {
  static BlockScheduler instance;
  return instance;
}

void BlockScheduler::prepare_threads(int count) {
  while (static_cast<int>(threads_.size()) < count) {
    SimThread thread;
    thread.slot = static_cast<int>(threads_.size());
    threads_.push_back(std::move(thread));
    stacks_.push_back(map_stack(static_cast<int>(stacks_.size())));
  }
  warps_.assign(static_cast<size_t>((count + 31) / 32), WarpState{});
}

std::string BlockScheduler::thread_name(const SimThread& thread) const {
  return "thread " + triple(thread.index) + " of block " + triple(block_index_);
}

uint3 BlockScheduler::thread_index_of(int slot) const { return unlinearize(slot, block_dim_); }

namespace fc = boost::context::detail;

// Every switch passes where the suspended context must be saved; whoever is resumed stores it there.
void BlockScheduler::switch_to(SimThread* thread, fc::fcontext_t* save) {
  current_ = thread;
  fc::fcontext_t target = scheduler_context_;
  if (thread != nullptr) {
    race::g_current_slot = thread->slot;
    g_built_ins.thread_idx = thread->index;
    target = thread->context;
  } else {
    race::g_current_slot = -1;
  }
  fc::transfer_t from = fc::jump_fcontext(target, save);
  *static_cast<fc::fcontext_t*>(from.data) = from.fctx;
}

void BlockScheduler::thread_entry(fc::transfer_t from) {
  *static_cast<fc::fcontext_t*>(from.data) = from.fctx;
  BlockScheduler& self = scheduler();
  SimThread& thread = *self.current_;
  self.body_(self.closure_);
  thread.state = SimThread::State::kExited;
  // A meeting that waited only for this lane can now complete without it.
  WarpState& warp = self.warps_[static_cast<size_t>(thread.slot / 32)];
  warp.exited |= 1u << (thread.slot % 32);
  for (size_t meeting = warp.meetings.size(); meeting-- > 0;) self.complete_if_ready(thread.slot / 32, meeting);
  const int next = self.next_runnable(thread.slot);
  self.switch_to(next >= 0 ? &self.threads_[static_cast<size_t>(next)] : nullptr, &thread.context);
  // Never resumed: an exited thread is not runnable.
}

int BlockScheduler::next_runnable(int after) const {
  for (int place = after < 0 ? 0 : position_[static_cast<size_t>(after)] + 1; place < thread_count_; ++place) {
    const int slot = order_[static_cast<size_t>(place)];
    if (threads_[static_cast<size_t>(slot)].state == SimThread::State::kRunnable) return slot;
  }
  return -1;
}

void BlockScheduler::order_threads() {
  order_.clear();
  if (schedule_ == Schedule::kInOrder) {
    for (int slot = 0; slot < thread_count_; ++slot) order_.push_back(slot);
  } else {
    for (int warp = (thread_count_ - 1) / 32; warp >= 0; --warp) {
      for (int parity : {1, 0}) {
        for (int lane = 31 - (1 - parity); lane >= 0; lane -= 2) {
          if (warp * 32 + lane < thread_count_) order_.push_back(warp * 32 + lane);
        }
      }
    }
  }
  position_.assign(static_cast<size_t>(thread_count_), 0);
  for (int place = 0; place < thread_count_; ++place) position_[static_cast<size_t>(order_[static_cast<size_t>(place)])] = place;
}

void BlockScheduler::run_pass() {
  const int first = next_runnable(-1);
  if (first >= 0) switch_to(&threads_[static_cast<size_t>(first)], &scheduler_context_);
}

void BlockScheduler::yield() {
  SimThread* self = current_;
  const int next = next_runnable(self->slot);
  switch_to(next >= 0 ? &threads_[static_cast<size_t>(next)] : nullptr, &self->context);
}

void BlockScheduler::run_block(const LaunchConfig& config, uint3 block_index, const char* kernel_name,
                               KernelBody body, void* closure) {
  kernel_name_ = kernel_name;
  block_index_ = block_index;
  block_dim_ = config.block;
  thread_count_ = static_cast<int>(config.block.x * config.block.y * config.block.z);
  prepare_threads(thread_count_);
  order_threads();
  g_built_ins.block_idx = block_index;
  g_built_ins.block_dim = config.block;
  g_built_ins.grid_dim = config.grid;
  refill_shared_memory(config.dynamic_shared_bytes);

  const unsigned linear_block = block_index.x + config.grid.x * (block_index.y + config.grid.y * block_index.z);
  race::begin_block(linear_block);
  profile::begin_block(linear_block);
  body_ = body;
  closure_ = closure;
  for (int slot = 0; slot < thread_count_; ++slot) {
    SimThread& thread = threads_[static_cast<size_t>(slot)];
    thread.index = unlinearize(slot, config.block);
    thread.state = SimThread::State::kRunnable;
    thread.context = fc::make_fcontext(static_cast<char*>(stacks_[static_cast<size_t>(slot)]) + kStackBytes,
                                       kStackBytes, &BlockScheduler::thread_entry);
  }
  for (;;) {
    run_pass();
    bool any_live = false, runnable = false, at_warp = false, at_active_mask = false;
    for (int slot = 0; slot < thread_count_; ++slot) {
      const SimThread::State state = threads_[static_cast<size_t>(slot)].state;
      any_live = any_live || state != SimThread::State::kExited;
      runnable = runnable || state == SimThread::State::kRunnable;
      at_warp = at_warp || state == SimThread::State::kAtWarpOperation;
      at_active_mask = at_active_mask || state == SimThread::State::kAtActiveMask;
    }
    if (!any_live) break;
    if (runnable) continue;
    if (at_active_mask) {
      settle_active_masks();
      continue;
    }
    if (at_warp) report_stuck_block();
    release_barrier();
  }
  race::end_block();
  profile::end_block();
}

// Every live thread waits at a barrier. The hardware counts arrivals at barrier 0 whichever __syncthreads()
// they come from, so warps that wait on different lines (warp-uniform branches, as double-buffered loops
// write them) go on together, with a note, since the CUDA Programming Guide leaves it undefined. Lanes of one
// warp at different lines are the divergence compute-sanitizer's synccheck reports on a GPU: the run ends.
void BlockScheduler::release_barrier() {
  const SimThread* first = nullptr;
  int count = 0;
  for (int slot = 0; slot < thread_count_; ++slot) {
    SimThread& thread = threads_[static_cast<size_t>(slot)];
    if (thread.state != SimThread::State::kAtBarrier) continue;
    if (first == nullptr) first = &thread;
    const SimThread* warp_first = first_waiting_lane(slot / 32);
    if (thread.wait_line != warp_first->wait_line) {
      fail("crashed", "divergent __syncthreads() in kernel " + std::string(kernel_name_) + ": " +
                          thread_name(*warp_first) + " waits at line " + std::to_string(warp_first->wait_line) +
                          " while " + thread_name(thread) + " of the same warp waits at line " +
                          std::to_string(thread.wait_line) +
                          "; every thread of a warp must reach the same barrier (on a GPU this hangs or corrupts "
                          "results, and compute-sanitizer reports it)");
    }
    if (thread.wait_line != first->wait_line) advice::note_split_barrier(first->wait_line, thread.wait_line);
    count += thread.predicate != 0;
  }
  barrier_count_result_ = count;
  race::block_barrier();
  for (int slot = 0; slot < thread_count_; ++slot) {
    SimThread& thread = threads_[static_cast<size_t>(slot)];
    if (thread.state == SimThread::State::kAtBarrier) thread.state = SimThread::State::kRunnable;
  }
}

const SimThread* BlockScheduler::first_waiting_lane(int warp) const {
  for (int slot = warp * 32; slot < thread_count_ && slot < warp * 32 + 32; ++slot) {
    if (threads_[static_cast<size_t>(slot)].state == SimThread::State::kAtBarrier) return &threads_[static_cast<size_t>(slot)];
  }
  return nullptr;
}

void BlockScheduler::report_stuck_block() {
  for (size_t index = 0; index < warps_.size(); ++index) {
    for (const WarpMeeting& meeting : warps_[index].meetings) {
      const unsigned missing = meeting.mask & existing_lanes(static_cast<int>(index)) & ~meeting.arrived &
                               ~warps_[index].exited;
      const int waiting = static_cast<int>(index) * 32 + __builtin_ctz(meeting.arrived);
      char mask_text[64];
      std::snprintf(mask_text, sizeof mask_text, "0x%08x", missing);
      fail("crashed", std::string(warp_op_name(meeting.op)) + " at line " + std::to_string(meeting.line) +
                          " in kernel " + kernel_name_ + " never completes: " +
                          thread_name(threads_[static_cast<size_t>(waiting)]) + " waits for lanes " + mask_text +
                          " of its warp, which wait at a barrier or another warp operation; every lane named in "
                          "the mask must reach the same warp operation");
    }
  }
  fail("crashed", "the block can make no progress");
}

void BlockScheduler::syncthreads(int line) {
  if (current_ == nullptr) fail("crashed", "__syncthreads() called outside a kernel (line " + std::to_string(line) + ")");
  SimThread& self = *current_;
  self.state = SimThread::State::kAtBarrier;
  self.wait_line = line;
  yield();
}

int BlockScheduler::syncthreads_count(int predicate, int line) {
  if (current_ != nullptr) current_->predicate = predicate;
  syncthreads(line);
  current_->predicate = 0;
  return barrier_count_result_;
}

unsigned BlockScheduler::existing_lanes(int warp) const {
  int lanes = thread_count_ - warp * 32;
  return lanes >= 32 ? 0xffffffffu : (1u << lanes) - 1;
}

// __activemask() as the hardware answers it, without knowing branches: the lanes of the warp that reach the
// same __activemask() line while every other lane of the warp has gone as far as it can (to a barrier, a warp
// operation, another line's __activemask() or its end). So `if (x > 0) { auto g = coalesced_threads(); ... }`
// gets the lanes that took the branch, as on a GPU.
unsigned BlockScheduler::active_mask(int line) {
  if (current_ == nullptr) return 0;
  SimThread& self = *current_;
  self.state = SimThread::State::kAtActiveMask;
  self.wait_line = line;
  yield();
  return self.active_mask;
}

// Nothing can run: each warp's lanes waiting at __activemask() get the mask of those waiting at the same line.
void BlockScheduler::settle_active_masks() {
  for (int warp = 0; warp * 32 < thread_count_; ++warp) {
    for (int slot = warp * 32; slot < thread_count_ && slot < warp * 32 + 32; ++slot) {
      SimThread& thread = threads_[static_cast<size_t>(slot)];
      if (thread.state != SimThread::State::kAtActiveMask) continue;
      unsigned mask = 0;
      for (int other = warp * 32; other < thread_count_ && other < warp * 32 + 32; ++other) {
        const SimThread& peer = threads_[static_cast<size_t>(other)];
        if (peer.state == SimThread::State::kAtActiveMask && peer.wait_line == thread.wait_line) mask |= 1u << (other % 32);
      }
      for (int other = warp * 32; other < thread_count_ && other < warp * 32 + 32; ++other) {
        SimThread& peer = threads_[static_cast<size_t>(other)];
        if (peer.state != SimThread::State::kAtActiveMask || peer.wait_line != thread.wait_line) continue;
        peer.active_mask = mask;
        peer.state = SimThread::State::kRunnable;
      }
    }
  }
}

// Meetings of overlapping masks may be pending together: lanes that finished a shuffle within a quarter-warp
// may wait at a whole-warp vote for lanes still in theirs. Lanes that can never all arrive are found when
// the block stops (report_stuck_block).
WarpMeeting& BlockScheduler::meeting_for(int warp_index, WarpOp op, unsigned mask, int line, int width) {
  WarpState& warp = warps_[static_cast<size_t>(warp_index)];
  for (WarpMeeting& meeting : warp.meetings) {
    if (meeting.mask == mask && meeting.op == op) return meeting;
  }
  warp.meetings.push_back({mask, 0, op, line, width});
  return warp.meetings.back();
}

bool BlockScheduler::complete_if_ready(int warp_index, size_t index) {
  WarpState& warp = warps_[static_cast<size_t>(warp_index)];
  const WarpMeeting meeting = warp.meetings[index];
  const unsigned required = meeting.mask & existing_lanes(warp_index) & ~warp.exited;
  if ((meeting.arrived & required) != required || meeting.arrived == 0) return false;
  const WarpResults results =
      compute_warp_results(meeting.op, meeting.arrived, meeting.width, warp.values, warp.arguments, warp.results);
  if (results.outcome == WarpResults::Outcome::kSourceNotTakingPart) {
    advice::note_undefined_read(meeting.line, warp_op_name(meeting.op), results.reader, results.source, meeting.mask);
  }
  for (int lane = 0; lane < 32; ++lane) {
    SimThread& thread = threads_[static_cast<size_t>(warp_index * 32 + lane)];
    if ((meeting.arrived >> lane & 1u) && thread.state == SimThread::State::kAtWarpOperation) {
      thread.state = SimThread::State::kRunnable;
    }
  }
  warp.meetings.erase(warp.meetings.begin() + static_cast<std::ptrdiff_t>(index));
  // __syncwarp orders memory among its lanes; shuffles only move registers.
  if (meeting.op == WarpOp::kSyncWarp) race::warp_barrier(warp_index);
  return true;
}

uint64_t BlockScheduler::warp_collective(WarpOp op, unsigned mask, uint64_t value, int argument, int width,
                                         int line) {
  if (current_ == nullptr) fail("crashed", std::string(warp_op_name(op)) + " called outside a kernel");
  SimThread& self = *current_;
  const int lane = self.slot % 32;
  const int warp_index = self.slot / 32;
  if (!(mask >> lane & 1u)) {
    // Formatted here only: every shuffle of every lane passes this way, and snprintf was an eighth of a
    // shuffle-heavy kernel's time (reduce_modern) when the text was made before the test.
    char mask_text[32];
    std::snprintf(mask_text, sizeof mask_text, "0x%08x", mask);
    fail("crashed", std::string(warp_op_name(op)) + " at line " + std::to_string(line) + ": " + thread_name(self) +
                        " (lane " + std::to_string(lane) + ") is not in its own mask " + mask_text);
  }
  if (width < 1 || width > 32 || (width & (width - 1)) != 0) {
    fail("crashed", std::string(warp_op_name(op)) + " at line " + std::to_string(line) + ": width " +
                        std::to_string(width) + " is not a power of two between 1 and 32");
  }
  WarpState& warp = warps_[static_cast<size_t>(warp_index)];
  WarpMeeting& meeting = meeting_for(warp_index, op, mask, line, width);
  warp.values[lane] = value;
  warp.arguments[lane] = argument;
  meeting.arrived |= 1u << lane;
  const size_t index = static_cast<size_t>(&meeting - warp.meetings.data());
  if (!complete_if_ready(warp_index, index)) {
    self.state = SimThread::State::kAtWarpOperation;
    self.wait_line = line;
    yield();
  }
  return warp.results[lane];
}
void syncthreads(int line) { scheduler().syncthreads(line); }
int syncthreads_count(int predicate, int line) { return scheduler().syncthreads_count(predicate, line); }
void syncwarp(unsigned mask, int line) { scheduler().warp_collective(WarpOp::kSyncWarp, mask, 0, 0, 32, line); }
uint64_t warp_collective(WarpOp op, unsigned mask, uint64_t value, int argument, int width, int line) {
  return scheduler().warp_collective(op, mask, value, argument, width, line);
}
unsigned active_mask(int line) { return scheduler().active_mask(line); }

void set_schedule(Schedule schedule) {
  scheduler().set_schedule(schedule);
  g_switch_at_global_access = schedule == Schedule::kAdversarial;
  race::g_recording = schedule == Schedule::kInOrder;
}

}  // namespace cusim
