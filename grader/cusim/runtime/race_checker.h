// A CUDA-aware race checker for shared memory, in the spirit of compute-sanitizer's racecheck.
//
// The submission is compiled with -fsanitize=thread, which makes the compiler call __tsan_read4(address),
// __tsan_write8(address) and so on at every memory access; this file defines those functions itself instead
// of linking ThreadSanitizer's runtime. Accesses outside shared memory return at once. For shared memory a
// shadow word remembers the last write and up to two readers, each with the thread, the barrier phase and the
// code address. Two accesses by different threads conflict when no __syncthreads() (or, for lanes of one
// warp, no __syncwarp()) lies between them and one of them writes: read-after-write, write-after-read or
// write-after-write. The first conflict between warps ends the run with a `race` verdict that names the
// array, both source lines and __syncthreads(); a conflict inside one warp is reported when its phase ends
// with no conflict between warps, and then the advice is __syncwarp().
//
// Why not ThreadSanitizer's own runtime: its vector clocks make every barrier cost O(threads^2), which made
// the lectures' tiled kernel 20x slower than this checker; and shared memory, the one place a CUDA race is a bug a
// student can see, is a few kilobytes we can shadow exactly.
#pragma once

#include <cstddef>
#include <cstdint>

namespace cusim::race {

// The slot (linear thread index in the block) of the running thread, or -1 outside a kernel; the scheduler
// sets it at every switch, so the hot path needs no call to find it.
extern int g_current_slot;

// A region of shared memory to watch (a static __shared__ array, the dynamic buffer).
void watch(const void* begin, size_t bytes);
// The running launch asked for `launch_bytes` of the `buffer_bytes` dynamic shared buffer at `buffer`: an
// access beyond them ends the run as an illegal address.
void limit_dynamic_shared(const void* buffer, size_t launch_bytes, size_t buffer_bytes);
// A new block starts: everything recorded before is ordered before it.
void begin_block();
// Every thread of the block passed a __syncthreads().
void block_barrier();
// The lanes of `warp` passed a __syncwarp().
void warp_barrier(int warp);
// The block's last thread returned.
void end_block();

}  // namespace cusim::race
