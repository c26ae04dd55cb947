#include "cusim/runtime/race_checker.h"

#include <algorithm>
#include <optional>
#include <utility>
#include <vector>

#include "cusim/runtime/access_profile.h"
#include "cusim/runtime/device_memory.h"
#include "cusim/runtime/device_statics.h"
#include "cusim/runtime/fatal.h"
#include "cusim/runtime/kernel_reach.h"
#include "cusim/runtime/race_order.h"
#include "cusim/runtime/race_report.h"
#include "cusim/runtime/race_shadow.h"
#include "cusim/runtime/runtime_heap.h"
#include "cusim/runtime/scheduler.h"

namespace cusim::race {

int g_current_slot = -1;
bool g_recording = true;
uint32_t g_phase = 1;
uint32_t g_epoch = 1;
uint32_t g_launch_phase = 1;
uint32_t g_block_phase = 1;
runtime_heap::vector<std::pair<uint32_t, uint32_t>> g_published;
bool g_block_acquired = false;
uint16_t g_warp_phases[32] = {};

namespace {

unsigned g_block = 0;         // the running block, linear
unsigned g_grid_x = 1, g_grid_y = 1;
runtime_heap::vector<std::pair<uint32_t, unsigned>> g_block_starts;  // this launch's blocks: (first phase, linear block)
uint32_t g_block_fence = 0;  // the running block's last fence, 0 for none

// The part of the dynamic shared buffer beyond what the running launch asked for: touching it is an
// out-of-range shared address, as on a GPU.
uintptr_t g_dynamic_begin = 0;
uintptr_t g_dynamic_beyond = 0;
uintptr_t g_dynamic_beyond_bytes = 0;

// A conflict inside one warp is held until the phase ends: if threads of other warps conflict on the same
// data in the same phase, the missing barrier is a __syncthreads() and that is the report to give.
std::optional<Race> g_pending;

unsigned block_of_phase(uint32_t phase) {
  auto after = std::upper_bound(g_block_starts.begin(), g_block_starts.end(), std::make_pair(phase, ~0u));
  return after == g_block_starts.begin() ? g_block : std::prev(after)->second;
}

std::string g_global_race;

// Out of line and cold: the hot path, record(), only calls it, so its arguments cost nothing until a race.
[[gnu::noinline, gnu::cold]] void conflict(const Race& race) {
  if (race.memory == Memory::kGlobal) {
    if (g_global_race.empty()) {
      g_global_race = describe_race(race, block_of_phase(race.earlier.phase), g_block, g_grid_x, g_grid_y);
    }
    return;
  }
  if (warp_of(race.earlier.slot()) != warp_of(race.slot)) fail("race", describe_race(race, g_block, g_block, g_grid_x, g_grid_y));
  if (!g_pending) g_pending = race;
}

void end_phase() {
  if (g_pending) fail("race", describe_race(*g_pending, g_block, g_block, g_grid_x, g_grid_y));
}

// A read that conflicts with nothing is kept as one of the word's two readers, if it must be.
template <Memory kMemory>
inline __attribute__((always_inline)) void keep_reader(ShadowRef shadow, const Access& now, uintptr_t pc) {
  ShadowWord& word = shadow.word();
  CodeOffset* codes = shadow.codes();
  // Two readers are enough to find a later unordered write: keep one that the new read does not order.
  if (ordered<kMemory>(word.first_read, now)) {
    word.first_read = now;  // a re-read by the same thread refreshes its warp phase
    codes[kFirstReadCode] = code_offset(pc);
  } else if (ordered<kMemory>(word.other_read, now)) {
    word.other_read = now;
    codes[kOtherReadCode] = code_offset(pc);
  }
  // While a profile is on, every read takes the full path, and the launch after it ends a stale epoch: the
  // QuietWords are left alone, one cache line fewer for every access that an efficiency case counts.
  if (profile::g_on) return;
  if (quiet_for_reads<kMemory>(word)) {
    shadow.quiet() = {g_epoch, word.first_read.slot_bits, word.other_read.slot_bits};
  } else {
    shadow.quiet().epoch = 0;
  }
}

// The plain 4-byte read of a word that no conflict report needs: recorded, and true. False, with nothing
// changed, when the read conflicts with the word's last write: record() then reports it.
template <Memory kMemory>
inline __attribute__((always_inline)) bool record_plain_read(ShadowRef shadow, uintptr_t pc) {
  ShadowWord& word = shadow.word();
  const int slot = g_current_slot;
  const Access now(g_phase, slot, g_warp_phases[warp_of(slot)], 0xF, false);
  if (word.write.bytes != 0 && !ordered<kMemory>(word.write, now)) return false;
  keep_reader<kMemory>(shadow, now, pc);
  return true;
}

template <Memory kMemory>
inline __attribute__((always_inline)) void record(ShadowRef shadow, uintptr_t word_address, uint8_t bytes,
                                                  bool is_write, bool atomic, uintptr_t pc) {
  ShadowWord& word = shadow.word();
  CodeOffset* codes = shadow.codes();
  const int slot = g_current_slot;
  const Access now(g_phase, slot, g_warp_phases[warp_of(slot)], bytes, atomic);
  auto conflicts = [&](const Access& earlier) __attribute__((always_inline)) {
    return (earlier.bytes & bytes) && !ordered<kMemory>(earlier, now);
  };
  if (conflicts(word.write)) {
    conflict({is_write ? "write-after-write" : "read-after-write", kMemory, word.write, codes[kWriteCode], true,
              word_address, slot, is_write, pc});
  }
  if (is_write) {
    if (conflicts(word.first_read)) {
      conflict({"write-after-read", kMemory, word.first_read, codes[kFirstReadCode], false, word_address, slot, true, pc});
    }
    if (conflicts(word.other_read)) {
      conflict({"write-after-read", kMemory, word.other_read, codes[kOtherReadCode], false, word_address, slot, true, pc});
    }
    // Of several atomic updates nothing orders, the first is kept: a plain read after them then names the
    // update furthest from it (another warp's, most often), whose fix is the barrier that fixes them all.
    if (!(atomic && word.write.atomic && !ordered_by_sync<kMemory>(word.write, now))) {
      word.write = now;
      codes[kWriteCode] = code_offset(pc);
    }
    word.first_read = Access();
    word.other_read = Access();
    if (!profile::g_on) shadow.quiet().epoch = 0;  // see keep_reader
    return;
  }
  keep_reader<kMemory>(shadow, now, pc);
}

template <Memory kMemory>
inline __attribute__((always_inline)) void record_word(uintptr_t word_address, uint8_t bytes, bool is_write,
                                                       bool atomic, uintptr_t pc) {
  const ShadowRef shadow = kMemory == Memory::kShared ? shared_shadow(word_address) : global_shadow(word_address);
  if (shadow) record<kMemory>(shadow, word_address, bytes, is_write, atomic, pc);
}

// An access of other than one aligned word, word by word: out of line, so that the aligned word's path (nearly
// every access) stays short enough to need no saved registers.
template <Memory kMemory>
[[gnu::noinline]] void record_words(uintptr_t begin, size_t size, bool is_write, bool atomic, uintptr_t pc) {
  for (uintptr_t byte = begin; byte < begin + size;) {
    const uintptr_t word = byte & ~uintptr_t{3};
    const uintptr_t stop = std::min(word + 4, begin + size);
    uint8_t bytes = 0;
    for (uintptr_t b = byte; b < stop; ++b) bytes |= static_cast<uint8_t>(1u << (b - word));
    record_word<kMemory>(word, bytes, is_write, atomic, pc);
    byte = stop;
  }
}

// The file's code may write its own variables (device_statics.h), but nothing else of the runner's image: the
// checker's switches, the profile's, the fatal handler, the harness's state all live there (issue #33: a file
// found the race recorder's and the access counter's switches and cleared them with a store). A write of its
// own statics, its stack, its heap or device memory passes; the runtime's own heap (runtime_heap.h), where the
// checks' state lives, does not. A write of several bytes (a vector store, a
// memset the file's object calls, checked_calls.cc) is held to its last byte too: one that starts in the
// file's statics and runs on into the runner's variables after them is the runner's.
inline __attribute__((always_inline)) void guard_runner_state(uintptr_t begin, size_t size, uintptr_t pc) {
  if (__builtin_expect(reach::overlaps_image(begin, size) && !device_statics::holds(begin, size), 0)) {
    report_runner_write(begin, pc);
  }
  if (__builtin_expect(runtime_heap::overlaps(begin, size), 0)) report_runner_write(begin, pc);
}

template <Memory kMemory>
inline __attribute__((always_inline)) void record_access(uintptr_t begin, size_t size, bool is_write, bool atomic,
                                                         uintptr_t pc) {
  if (size == 4 && (begin & 3) == 0) return record_word<kMemory>(begin, 0xF, is_write, atomic, pc);
  record_words<kMemory>(begin, size, is_write, atomic, pc);
}

// Every access of the file's code comes here. Host code's return at once (device memory guards itself from
// host code, device_memory.h), but for a write into the runner's own variables (below).
inline __attribute__((always_inline)) void access(const void* address, size_t size, bool is_write, bool atomic,
                                                  uintptr_t pc) {
  const auto begin = reinterpret_cast<uintptr_t>(address);
  if (g_current_slot < 0) {
    if (is_write) guard_runner_state(begin, size, pc);
    return;
  }
  if (__builtin_expect(begin + size - 1 - g_dynamic_beyond < g_dynamic_beyond_bytes, 0)) {
    report_beyond_dynamic_shared(begin - g_dynamic_begin, g_dynamic_beyond - g_dynamic_begin, is_write);
  }
  // The span of the shared arrays holds other statics of the file between them (the arrays' registration
  // guards, __device__ variables): those are the file's device memory, below.
  if (begin < g_highest && begin + size > g_lowest) {
    const bool watched = static_cast<bool>(shared_shadow(begin));
    if (watched || !device_statics::contains(begin)) {
      if (__builtin_expect(profile::g_on, 0) && watched) {
        profile::note(begin, size, is_write, profile::Space::kShared, pc, g_current_slot);
      }
      if (!watched && is_write) guard_runner_state(begin, size, pc);  // the runner's variables between the arrays
      if (g_recording) record_access<Memory::kShared>(begin, size, is_write, atomic, pc);
      return;
    }
  }
  if (device_memory::contains(begin) || device_statics::contains(begin)) {
    if (__builtin_expect(profile::g_on, 0)) {
      profile::note(begin, size, is_write, profile::Space::kGlobal, pc, g_current_slot);
    }
    // At plain writes only: that is enough to split every read-modify-write of a shared location (the read
    // is done, the write waits while the others read the old value), and reads outnumber writes a
    // thousandfold in a matmul. Not at atomics: their compare-and-swap loops would retry for every thread.
    if (g_switch_at_global_access && is_write && !atomic) give_way();
    if (g_recording) record_access<Memory::kGlobal>(begin, size, is_write, atomic, pc);
    if (atomic && !g_block_acquired) {
      g_block_acquired = true;
      ++g_epoch;  // earlier blocks' reads this block may now be ordered after: no word stays quiet
    }
    return;
  }
  if (!reach::kernel_may_touch(begin)) report_host_access(begin, is_write, pc);
  if (is_write) guard_runner_state(begin, size, pc);
}

[[gnu::noinline]] void read4_full(const void* address, uintptr_t pc) { access(address, 4, false, false, pc); }

// A watched word's plain read, recorded; the full path when it conflicts. Apart from read4_slow's address
// tests, so that each is short enough to need no saved registers.
template <Memory kMemory>
[[gnu::noinline]] void read4_record(const void* address, ShadowPage* page, size_t index, uintptr_t pc) {
  if (!record_plain_read<kMemory>({page, index}, pc)) read4_full(address, pc);
}

// A 4-byte read that read4 (below) could not place, out of line. A kernel thread's
// plain read of an aligned word in shared memory (inside the launch's bounds) or device memory, with no
// profile and no conflict, is recorded here, and one of its own stack or a static variable passes; everything
// else, reports included, takes the full path, access(), which finds the same as this would have.
[[gnu::noinline]] void read4_slow(const void* address, uintptr_t pc) {
  const auto begin = reinterpret_cast<uintptr_t>(address);
  if (!profile::g_on && (begin & 3) == 0 && begin + 3 - g_dynamic_beyond >= g_dynamic_beyond_bytes) {
    if (begin - g_lowest < g_shared_span) {
      if (!g_recording) return;  // the second order: nothing to record, and a read never switches threads
      const ShadowRef shadow = shared_shadow(begin);
      if (shadow) return read4_record<Memory::kShared>(address, shadow.page, shadow.index, pc);
      if (!device_statics::contains(begin)) return;  // not an array's, nor the file's device memory
    } else if (device_statics::contains(begin)) {
      // The file's __device__ variables, as device memory: a page not made yet is the full path's to make.
      if (!g_recording) return;
      const uintptr_t offset = begin - device_statics::lowest();
      ShadowPage* page = made_page(g_static_pages, offset >> kPageShift);
      if (page) return read4_record<Memory::kGlobal>(address, page, (offset & (kPageBytes - 1)) >> 2, pc);
    } else if (!device_memory::contains(begin)) {
      // The thread's own locals, its arguments, static variables: allowed, and not watched.
      if (reach::kernel_may_touch(begin)) return;
    } else {
      if (!g_recording) return;
      // A page not made yet is the full path's to make.
      const uintptr_t offset = begin - device_memory::g_begin;
      ShadowPage* page = made_page(g_global_pages, offset >> kPageShift);
      if (page) return read4_record<Memory::kGlobal>(address, page, (offset & (kPageBytes - 1)) >> 2, pc);
    }
  }
  read4_full(address, pc);
}

// A plain 4-byte read by a kernel thread may skip the checker when its word is watched and quiet in this epoch
// (race_shadow.h's QuietWord) and the thread is neither of the word's two kept readers: the full path would
// find nothing to report or record.
inline __attribute__((always_inline)) bool quiet_for(const QuietWord& quiet, int slot) {
  const auto bits = static_cast<uint16_t>(slot + Access::kSlotBias);
  return quiet.epoch == g_epoch && quiet.first_reader != bits && quiet.other_reader != bits;
}

// A shared word's read that is not quiet, its page found: past the launch's dynamic shared memory, the full
// path (which reports it); not an array's, nothing; else recorded.
[[gnu::noinline]] void read4_shared(const void* address, ShadowPage* page, size_t index, uintptr_t pc) {
  if (reinterpret_cast<uintptr_t>(address) + 3 - g_dynamic_beyond < g_dynamic_beyond_bytes) {
    return read4_full(address, pc);
  }
  if (page->is_watched(index)) return read4_record<Memory::kShared>(address, page, index, pc);
  if (device_statics::contains(reinterpret_cast<uintptr_t>(address))) read4_full(address, pc);
}

// Every 4-byte read of a kernel thread, as the hook's leaf: the shadow page and word found once, a quiet word
// returns (one QuietWord, a few globals, no call: the matmul's inner loop reads each shared word 16 times per
// phase, and all but the first two return here); a word that is not quiet is recorded out of line; anything
// else (a profile, the second order, an unaligned address, a page not made, the thread's stack) goes to
// read4_slow. Every exit is a return or a tail call.
inline __attribute__((always_inline)) void read4(const void* address_pointer) {
  // Always inlined into __tsan_read4: the return address is its caller's, read only on the way out.
#define CUSIM_CALLER reinterpret_cast<uintptr_t>(__builtin_return_address(0))
  const auto address = reinterpret_cast<uintptr_t>(address_pointer);
  const int slot = g_current_slot;
  if (slot < 0) return;
  if (__builtin_expect(profile::g_on || !g_recording || (address & 3) != 0, 0)) {
    return read4_slow(address_pointer, CUSIM_CALLER);
  }
  uintptr_t offset = address - g_lowest;
  if (offset < g_shared_span) {
    ShadowPage* page = g_shared_pages[offset >> kPageShift].get();
    if (page == nullptr) return read4_slow(address_pointer, CUSIM_CALLER);
    const size_t index = (offset & (kPageBytes - 1)) >> 2;
    if (quiet_for(page->quiet[index], slot)) return;
    return read4_shared(address_pointer, page, index, CUSIM_CALLER);
  }
  offset = address - device_memory::g_begin;
  const size_t page_index = offset >> kPageShift;
  if (offset < device_memory::g_bytes && page_index < g_global_pages.size()) {
    ShadowPage* page = g_global_pages[page_index].get();
    if (page == nullptr) return read4_slow(address_pointer, CUSIM_CALLER);
    const size_t index = (offset & (kPageBytes - 1)) >> 2;
    if (quiet_for(page->quiet[index], slot)) return;
    return read4_record<Memory::kGlobal>(address_pointer, page, index, CUSIM_CALLER);
  }
  // The file's __device__ and __constant__ variables (device_statics.h): a lookup table's words go quiet as
  // device memory's do (a convolution's mask, which every thread reads). A page not made yet is the slow
  // path's; with no page at all (a file without such variables) a stack read costs one more test.
  if (!g_static_pages.empty() && device_statics::contains(address)) {
    offset = address - device_statics::lowest();
    ShadowPage* page = made_page(g_static_pages, offset >> kPageShift);
    if (page == nullptr) return read4_slow(address_pointer, CUSIM_CALLER);
    const size_t index = (offset & (kPageBytes - 1)) >> 2;
    if (quiet_for(page->quiet[index], slot)) return;
    return read4_record<Memory::kGlobal>(address_pointer, page, index, CUSIM_CALLER);
  }
  return read4_slow(address_pointer, CUSIM_CALLER);
#undef CUSIM_CALLER
}

// An aligned 8- or 16-byte read (a double, an int2, a float4 or int4 copied whole; the compiler turns one whose
// fields are used one by one into 4-byte reads) is, to the checker, its words read one by one, each with
// read4's quiet test and recording, instead of access()'s word-by-word loop through the full path. It finds
// what that loop finds, word for word. A profile counts the access as one request of its size, so it takes access(),
// as do the second order, an unaligned address, an access that touches the part of the dynamic shared buffer
// the launch did not ask for, a shadow page not made yet, and the thread's own stack.
template <size_t kBytes>
inline __attribute__((always_inline)) void read_words(const void* address_pointer, uintptr_t pc) {
  static_assert(kBytes == 8 || kBytes == 16);
  const auto address = reinterpret_cast<uintptr_t>(address_pointer);
  const int slot = g_current_slot;
  if (slot < 0) return;
  // Aligned, so inside one shadow page. The last test: its last byte at or past the region's start and its
  // first before the region's end.
  if (__builtin_expect(profile::g_on || !g_recording || (address & (kBytes - 1)) != 0 ||
                           address + kBytes - 1 - g_dynamic_beyond < g_dynamic_beyond_bytes + kBytes - 1,
                       0)) {
    return access(address_pointer, kBytes, false, false, pc);
  }
  uintptr_t offset = address - g_lowest;
  if (offset < g_shared_span) {
    if (!shared_shadow(address) && device_statics::contains(address)) {
      return access(address_pointer, kBytes, false, false, pc);  // a __device__ variable beside the arrays
    }
    ShadowPage* page = g_shared_pages[offset >> kPageShift].get();
    if (page == nullptr) return;  // no array's: not watched
    const size_t first = (offset & (kPageBytes - 1)) >> 2;
    for (size_t word = 0; word < kBytes / 4; ++word) {
      if (quiet_for(page->quiet[first + word], slot) || !page->is_watched(first + word)) continue;
      read4_record<Memory::kShared>(static_cast<const char*>(address_pointer) + 4 * word, page, first + word, pc);
    }
    return;
  }
  offset = address - device_memory::g_begin;
  const size_t page_index = offset >> kPageShift;
  ShadowPage* page = offset < device_memory::g_bytes && page_index < g_global_pages.size()
                         ? g_global_pages[page_index].get()
                         : nullptr;
  if (page == nullptr) return access(address_pointer, kBytes, false, false, pc);
  const size_t first = (offset & (kPageBytes - 1)) >> 2;
  for (size_t word = 0; word < kBytes / 4; ++word) {
    if (quiet_for(page->quiet[first + word], slot)) continue;
    read4_record<Memory::kGlobal>(static_cast<const char*>(address_pointer) + 4 * word, page, first + word, pc);
  }
}

}  // namespace

void on_access(const void* address, size_t size, bool is_write, bool atomic, uintptr_t pc) {
  access(address, size, is_write, atomic, pc);
}

void on_bytes(const void* address, size_t size, bool is_write, uintptr_t pc) {
  if (size == 0) return;  // a memcpy of nothing touches nothing, wherever it points
  if (g_current_slot < 0 || size == 1) return access(address, size, is_write, false, pc);
  const auto* bytes = static_cast<const char*>(address);
  for (size_t at = 0; at < size; ++at) access(bytes + at, 1, is_write, false, pc);
}

void guard_write(const void* address, size_t size, uintptr_t pc) {
  if (size > 0) guard_runner_state(reinterpret_cast<uintptr_t>(address), size, pc);
}

void fence() {
  if (g_current_slot >= 0) g_block_fence = g_phase;
}

// A word beyond the launch's dynamic shared memory is never quiet: the epoch ends at every block start, after
// this is set (scheduler.cc), and a read of such a word ends the run before it is recorded.
void limit_dynamic_shared(const void* buffer, size_t launch_bytes, size_t buffer_bytes) {
  g_dynamic_begin = reinterpret_cast<uintptr_t>(buffer);
  g_dynamic_beyond = g_dynamic_begin + launch_bytes;
  g_dynamic_beyond_bytes = buffer_bytes - launch_bytes;
}

void begin_launch(unsigned grid_x, unsigned grid_y) {
  reach::find_host_stack();
  ++g_epoch;
  g_launch_phase = g_phase + 1;
  g_grid_x = grid_x;
  g_grid_y = grid_y;
  g_block_starts.clear();
  g_published.clear();
}

void begin_block(unsigned linear_block) {
  g_pending.reset();
  ++g_epoch;
  g_block_phase = ++g_phase;
  g_block = linear_block;
  g_block_starts.emplace_back(g_phase, linear_block);
  g_block_fence = 0;
  g_block_acquired = false;
  std::fill(std::begin(g_warp_phases), std::end(g_warp_phases), 0);
}

void block_barrier() {
  end_phase();
  ++g_phase;
  ++g_epoch;
}

void warp_barrier(int warp) {
  ++g_warp_phases[warp];
  ++g_epoch;
}

void end_block() {
  end_phase();
  if (g_block_fence != 0) g_published.emplace_back(g_block_phase, g_block_fence);
}

const std::string& global_race() { return g_global_race; }
void clear_global_race() { g_global_race.clear(); }

}  // namespace cusim::race

// ---- The entry points -fsanitize=thread instrumentation calls on the hot path (the others: race_hooks.cc) ---

#define CUSIM_PC reinterpret_cast<uintptr_t>(__builtin_return_address(0))

extern "C" {

// The hot one: a leaf that returns for a quiet word and otherwise tail-calls the full path.
void __tsan_read4(void* a) { cusim::race::read4(a); }

void __tsan_read1(void* a) { cusim::race::access(a, 1, false, false, CUSIM_PC); }
void __tsan_read2(void* a) { cusim::race::access(a, 2, false, false, CUSIM_PC); }
void __tsan_read8(void* a) { cusim::race::read_words<8>(a, CUSIM_PC); }
void __tsan_read16(void* a) { cusim::race::read_words<16>(a, CUSIM_PC); }

#define CUSIM_ACCESS(size)                                                                                   \
  void __tsan_write##size(void* a) { cusim::race::access(a, size, true, false, CUSIM_PC); }                        \
  void __tsan_unaligned_read##size(void* a) { cusim::race::access(a, size, false, false, CUSIM_PC); }              \
  void __tsan_unaligned_write##size(void* a) { cusim::race::access(a, size, true, false, CUSIM_PC); }              \
  void __tsan_volatile_read##size(void* a) { cusim::race::access(a, size, false, false, CUSIM_PC); }               \
  void __tsan_volatile_write##size(void* a) { cusim::race::access(a, size, true, false, CUSIM_PC); }               \
  void __tsan_read##size##_pc(void* a, void* pc) {                                                          \
    cusim::race::access(a, size, false, false, reinterpret_cast<uintptr_t>(pc));                                   \
  }                                                                                                          \
  void __tsan_write##size##_pc(void* a, void* pc) {                                                         \
    cusim::race::access(a, size, true, false, reinterpret_cast<uintptr_t>(pc));                                    \
  }
CUSIM_ACCESS(1)
CUSIM_ACCESS(2)
CUSIM_ACCESS(4)
CUSIM_ACCESS(8)
CUSIM_ACCESS(16)
#undef CUSIM_ACCESS

}  // extern "C"
