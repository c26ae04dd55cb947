#include "cusim/runtime/race_report.h"

#include <cstdio>
#include <string>

#include "cusim/runtime/device_memory.h"
#include "cusim/runtime/device_statics.h"
#include "cusim/runtime/fatal.h"
#include "cusim/runtime/scheduler.h"
#include "cusim/runtime/shared_memory.h"
#include "cusim/runtime/symbolize.h"

namespace cusim::race {
namespace {

uint3 block_of(unsigned linear, unsigned grid_x, unsigned grid_y) {
  return {linear % grid_x, linear / grid_x % grid_y, linear / (grid_x * grid_y)};
}

std::string describe_global(uintptr_t address) {
  if (device_statics::contains(address)) {
    return "a __device__ or __constant__ variable of the file (global memory on a GPU)";
  }
  const std::optional<device_memory::Place> place = device_memory::locate(address);
  if (!place) return "global memory";
  return "global memory (" + device_memory::describe(*place) + ", element " + std::to_string(place->offset / 4) +
         " if its elements are 4 bytes)";
}

std::string describe(const Race& race) {
  if (race.memory == Memory::kGlobal) return describe_global(race.address);
  return describe_shared_address(reinterpret_cast<const void*>(race.address)).value_or("shared memory");
}

const char* verb(bool writes) { return writes ? " writes" : " reads"; }

// The fix, in the lectures' terms: which barrier, or for blocks, which pattern.
std::string advice(const Race& race, bool same_block, const std::string& earlier_line, const std::string& now_line) {
  const bool same_warp = race.earlier.slot() / 32 == race.slot / 32;
  const std::string barrier = same_warp && race.memory == Memory::kShared ? "__syncwarp()" : "__syncthreads()";
  const std::string between = barrier + " between the " + (race.earlier_writes ? "write" : "read") + " at " +
                              earlier_line + " and the " + (race.now_writes ? "write" : "read") + " at " + now_line;
  if (race.memory == Memory::kShared) {
    if (!same_warp) return "Add " + between + ".";
    return "Both threads are in warp " + std::to_string(race.slot / 32) +
           ", and the lanes of a warp do not run in lockstep on Volta and later GPUs: add " + between +
           " (volatile is not enough).";
  }
  if (race.earlier_writes && race.now_writes) {
    return "Two threads write the same element: check that every thread's index stays inside its part of the "
           "output (without a bounds check, threads past an edge write their neighbours' elements), or, if they "
           "add into it, make the update atomic (atomicAdd).";
  }
  if (!same_block) {
    return "Blocks run in no fixed order and cannot wait for each other: combine their results with an atomic "
           "(atomicAdd), or let each block write its own place and add the partial results in a second kernel.";
  }
  // `*out += x` in every thread: no barrier helps, the update itself must be one step.
  return "If the threads add into the same element, make the update atomic (atomicAdd); if one thread must see "
         "what the other wrote, add " + between + ".";
}

}  // namespace

std::string describe_race(const Race& race, unsigned earlier_block, unsigned now_block, unsigned grid_x,
                          unsigned grid_y) {
  BlockScheduler& blocks = scheduler();
  const bool same_block = earlier_block == now_block;
  const std::string earlier_line = source_line(code_address(race.earlier_code));
  const std::string now_line = source_line(race.pc);
  const std::string earlier_thread = "thread " + triple(blocks.thread_index_of(race.earlier.slot())) +
                                     (same_block ? "" : " of block " + triple(block_of(earlier_block, grid_x, grid_y)));
  const std::string now_thread = "thread " + triple(blocks.thread_index_of(race.slot)) +
                                 (same_block ? "" : " of block " + triple(block_of(now_block, grid_x, grid_y)));
  const std::string where = same_block ? ", block " + triple(blocks.block_index()) : "";
  return std::string(race.kind) + " data race on " + describe(race) + " in kernel " +
                        blocks.kernel_name() + where + ": " + earlier_thread +
                        (race.earlier.atomic ? " updates it atomically" : verb(race.earlier_writes) + std::string(" it")) + " at " +
                        earlier_line + " and " + now_thread + verb(race.now_writes) + " it at " + now_line +
                        (same_block ? " with no barrier between. " : ", and nothing orders the two blocks. ") +
                        advice(race, same_block, earlier_line, now_line);
}

void report_host_access(uintptr_t address, bool is_write, uintptr_t pc) {
  BlockScheduler& blocks = scheduler();
  char text[32];
  std::snprintf(text, sizeof text, "%p", reinterpret_cast<void*>(address));
  constexpr uintptr_t kNullPage = 64 * 1024;
  const std::string what =
      address < kNullPage ? "through a null pointer: no buffer was passed, or one that was never allocated"
                          : "into host memory: a kernel can reach only device memory (cudaMalloc, __device__, "
                            "__constant__) and shared memory, so copy host arrays to device buffers with "
                            "cudaMemcpy and pass those to the kernel";
  fail("crashed", "cudaErrorIllegalAddress: an illegal memory access was encountered in kernel " +
                      std::string(blocks.kernel_name()) + ", thread " + triple(blocks.current().index) + " of block " +
                      triple(blocks.block_index()) + ", which" + verb(is_write) + " address " + text + " at " +
                      source_line(pc) + " " + what + ".");
}

void report_runner_write(uintptr_t address, uintptr_t pc) {
  char text[32];
  std::snprintf(text, sizeof text, "%p", reinterpret_cast<void*>(address));
  fail("crashed", std::string("the file's code wrote to address ") + text + " at " + source_line(pc) +
                      ", which is the grader's own memory, not a variable of the file, its stack, the heap or a "
                      "device buffer: a lab's code may write only its own memory");
}

void report_misaligned_type(uintptr_t address, uintptr_t alignment, const char* type, const char* file, int line) {
  BlockScheduler& blocks = scheduler();
  if (!blocks.inside_kernel()) return;
  // The student's lines carry the submission's name (the rewriter's #line); a simulator header's, its path.
  const std::string name = file == nullptr ? "" : file;
  const std::string where = name.find('/') == std::string::npos
                                ? "line " + std::to_string(line)
                                : "line " + std::to_string(line) + " of the simulator's " +
                                      name.substr(name.rfind('/') + 1) + ", called from the kernel";
  char text[32];
  std::snprintf(text, sizeof text, "%p", reinterpret_cast<void*>(address));
  fail("crashed", "cudaErrorMisalignedAddress: a misaligned address in kernel " + std::string(blocks.kernel_name()) +
                      ", thread " + triple(blocks.current().index) + " of block " + triple(blocks.block_index()) +
                      ": a " + type + " at " + text + " (" + std::to_string(address % alignment) +
                      " bytes past a multiple of " + std::to_string(alignment) + ") at " + where +
                      ". A " + std::to_string(alignment) + "-byte type (a float4, int4, double2 or a cast to one) needs "
                      "an address that is a multiple of " + std::to_string(alignment) +
                      "; check the offset before reading a row as vectors.");
}

void report_beyond_dynamic_shared(uintptr_t offset, uintptr_t launch_bytes, bool is_write) {
  BlockScheduler& blocks = scheduler();
  fail("crashed", "cudaErrorIllegalAddress: thread " + triple(blocks.current().index) + " of block " +
                      triple(blocks.block_index()) + " in kernel " + blocks.kernel_name() + verb(is_write) +
                      " byte " + std::to_string(offset) + " of extern __shared__ memory, but the launch asked for " +
                      std::to_string(launch_bytes) +
                      " bytes; pass the size as the third launch parameter: kernel<<<grid, block, bytes>>>");
}

}  // namespace cusim::race
