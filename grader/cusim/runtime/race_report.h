// What the race checker (race_checker.h) records per access, and the messages it ends a run with. The
// recording is the hot path and lives in race_checker.cc; the messages are built here, once per run at most.
#pragma once

#include <cstdint>
#include <string>

namespace cusim::race {

// The code address of an access, as an offset into the runner's executable: 4 bytes, not 8, in the shadow.
// Only the student's code is instrumented, and it is in the executable, so every offset fits; anything
// else (a copy, which has no code address) is 0.
using CodeOffset = uint32_t;
}  // namespace cusim::race

extern "C" char __executable_start[];  // GNU ld's: where the executable is loaded

namespace cusim::race {
inline CodeOffset code_offset(uintptr_t pc) {
  const uintptr_t offset = pc - reinterpret_cast<uintptr_t>(__executable_start);
  return offset <= UINT32_MAX ? static_cast<CodeOffset>(offset) : 0;
}
inline uintptr_t code_address(CodeOffset offset) {
  return offset == 0 ? 0 : reinterpret_cast<uintptr_t>(__executable_start) + offset;
}

// What the checker keeps of one access: 8 bytes, since three of these shadow every 4 bytes of watched memory
// and are read at every access, so that their size is the checker's memory traffic (a matmul's column walk
// misses the cache at every step when they are larger). The access's code address is kept apart, in the
// shadow page's cold part (race_shadow.h), and read only for a report.
struct Access {
  static constexpr int kSlotBias = 4;  // slots run from -3 (the copies of host_work.cc) to 1023

  uint32_t phase;           // counts block starts and barriers over the whole run: equal phases are unordered
  uint16_t warp_phase;      // __syncwarp count of the accessing thread's warp (modulo 2^16)
  uint16_t slot_bits : 11;  // the slot plus kSlotBias
  uint16_t bytes : 4;       // which bytes of the word
  uint16_t atomic : 1;

  Access() : Access(0, -1, 0, 0, false) {}
  Access(uint32_t phase, int slot, uint16_t warp_phase, uint8_t bytes, bool atomic)
      : phase(phase), warp_phase(warp_phase), slot_bits(static_cast<uint16_t>(slot + kSlotBias)), bytes(bytes),
        atomic(atomic) {}
  int slot() const { return static_cast<int>(slot_bits) - kSlotBias; }
};
static_assert(sizeof(Access) == 8);

enum class Memory { kShared, kGlobal };

// One conflict, kept until it is reported.
struct Race {
  const char* kind;  // "read-after-write", ...
  Memory memory;
  Access earlier;
  CodeOffset earlier_code;
  bool earlier_writes;
  uintptr_t address;
  int slot;
  bool now_writes;
  uintptr_t pc;
};

// The race's message. `earlier_block` and `now_block` are linear block indices of the running launch;
// `grid_x`, `grid_y` turn them into (x,y,z).
std::string describe_race(const Race& race, unsigned earlier_block, unsigned now_block, unsigned grid_x,
                          unsigned grid_y);
// Ends the run: a kernel thread touched memory that is neither device, shared, its stack nor static.
[[noreturn]] void report_host_access(uintptr_t address, bool is_write, uintptr_t pc);
// Ends the run: the file's code, host or device, wrote into the runner's own variables (race_checker.cc's
// guard_runner_state), which no lab's code has any business touching.
[[noreturn]] void report_runner_write(uintptr_t address, uintptr_t pc);
// Ends the run: an access past the launch's dynamic shared memory.
// A kernel's typed access (a float4, a double, an int) at an address its type's alignment forbids, found by
// -fsanitize=alignment with the type and line the compiler knew: a GPU stops the kernel with
// cudaErrorMisalignedAddress. Returns outside a kernel: host code runs on the CPU on a GPU machine too.
void report_misaligned_type(uintptr_t address, uintptr_t alignment, const char* type, const char* file, int line);
[[noreturn]] void report_beyond_dynamic_shared(uintptr_t offset, uintptr_t launch_bytes, bool is_write);

}  // namespace cusim::race
