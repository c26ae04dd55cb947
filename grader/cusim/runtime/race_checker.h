// A CUDA-aware race checker for shared and global memory, in the spirit of compute-sanitizer's racecheck.
//
// The submission is compiled with -fsanitize=thread, which makes the compiler call __tsan_read4(address),
// __tsan_write8(address) and so on at every memory access; this file defines those functions itself instead
// of linking ThreadSanitizer's runtime. For every 4-byte word of shared memory and of device memory
// (device_memory.h) a shadow word remembers the last write and up to two readers, each with the thread, the
// phase and the code address. Phases count block starts and barriers, across the whole run, so one number
// orders everything: blocks run one at a time, so an access of a phase from before the running block's start
// but after the launch's start was made by another block of this launch.
//
// Two accesses by different threads conflict when one of them writes, not both are atomics, and nothing
// orders them:
//  - in one block, no __syncthreads() between them (for lanes of one warp, no __syncwarp() either);
//  - in different blocks of one launch, always: blocks are never ordered, except where the earlier block
//    fenced (__threadfence) after its access and the later one has since used an atomic, the
//    "last block" reduction's handshake (approximated per block, not per thread: see SECURITY.md's limits).
// In shared memory the first conflict between warps ends the run with a `race` verdict that names the array,
// both source lines and the fix; a conflict inside one warp is reported when its phase ends with no conflict
// between warps, and then the advice is __syncwarp(). In global memory the first conflict is kept and the run
// goes on (global_race()): the grader judges the outputs first, because a kernel with no bounds check also
// makes threads write each other's elements, and then the wrong answer, not the race, is what to fix first.
//
// Inside a kernel every other access must be to memory a kernel may reach (kernel_reach.h): anything else is
// host memory, an illegal address on a GPU, and ends the run as `crashed`.
//
// The hot path: nearly every access is a 4-byte read, and most read a word whose record no read can change (a
// tile element that 16 threads read between two barriers, an input every block reads). The full path marks
// such a word quiet until the next launch, block, barrier, __syncwarp, first atomic of a block or copy
// (race_shadow.h's QuietWord); __tsan_read4 is then a leaf that returns after one load and three compares, and
// tail-calls the recording otherwise. Every read it skips is one the full path would have neither reported nor
// recorded, so the checker finds what it found before, with the same messages.
//
// Where it lives: race_order.h, the ordering rules; race_shadow.h and .cc, the shadow pages; race_checker.cc,
// the recording and the hot entry points (reads and writes); race_hooks.cc, the other entry points (atomics,
// fences, memcpy); race_report.h and .cc, the messages.
//
// Why not ThreadSanitizer's own runtime: its vector clocks make every barrier cost O(threads^2), which made
// the lectures' tiled kernel 20x slower than this checker.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

namespace cusim::race {

// The slot (linear thread index in the block) of the running thread, or -1 outside a kernel; the scheduler
// sets it at every switch, so the hot path needs no call to find it.
extern int g_current_slot;

// The simulator's second schedule (scheduler.h's Schedule::kAdversarial) records nothing: the first has
// judged the races, and the second exists to show whether the result depends on the order of threads.
extern bool g_recording;

// A region of shared memory to watch (a static __shared__ array, the dynamic buffer).
void watch(const void* begin, size_t bytes);
// The running launch asked for `launch_bytes` of the `buffer_bytes` dynamic shared buffer at `buffer`: an
// access beyond them ends the run as an illegal address.
void limit_dynamic_shared(const void* buffer, size_t launch_bytes, size_t buffer_bytes);

// A launch starts: everything recorded before is ordered before it. grid_x and grid_y name blocks in reports.
void begin_launch(unsigned grid_x, unsigned grid_y);
// Block `linear_block` (x fastest) of the launch starts: shared memory from before is another block's.
void begin_block(unsigned linear_block);
// Every thread of the block passed a __syncthreads().
void block_barrier();
// The lanes of `warp` passed a __syncwarp().
void warp_barrier(int warp);
// The block's last thread returned.
void end_block();
// A cudaFree: the buffer's shadow goes with it.
void forget_global(const void* begin, size_t bytes);

// For the instrumentation's entry points off the hot path (race_hooks.cc): an access of `size` bytes by the
// running thread (none outside a kernel) from code address `pc`, and a __threadfence(), which publishes what
// the block did so far to later blocks.
void on_access(const void* address, size_t size, bool is_write, bool atomic, uintptr_t pc);
void fence();
// The same for a C library call's span (memcpy, memset, ... : checked_calls.cc): in a kernel, byte by byte,
// as nvcc lowers a memcpy it cannot size to a loop of byte loads and stores, whose count and sectors the GPU
// pays for; on the host, one access. None for a span of no bytes.
void on_bytes(const void* address, size_t size, bool is_write, uintptr_t pc);
// A write the runtime makes for the file (a cudaMemcpy's destination, a cudaGetDevice's answer): it ends the
// run, as the file's own store would, when any of its bytes are the runner's own variables.
void guard_write(const void* address, size_t size, uintptr_t pc);

// The first global-memory race since clear_global_race(), described; empty when there was none.
const std::string& global_race();
void clear_global_race();

}  // namespace cusim::race
