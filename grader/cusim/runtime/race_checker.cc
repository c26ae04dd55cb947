#include "cusim/runtime/race_checker.h"

#include <algorithm>
#include <cstring>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "cusim/runtime/fatal.h"
#include "cusim/runtime/scheduler.h"
#include "cusim/runtime/shared_memory.h"
#include "cusim/runtime/symbolize.h"

namespace cusim::race {

int g_current_slot = -1;

namespace {

// Kept small: three of these shadow every 4 bytes of shared memory and are read at every access.
struct Access {
  uintptr_t pc = 0;
  uint32_t phase = 0;       // counts block starts and barriers: equal phases are unordered
  int16_t slot = -1;
  uint16_t warp_phase = 0;  // __syncwarp count of the accessing thread's warp (modulo 2^16)
  uint8_t bytes = 0;        // which bytes of the word
};

struct ShadowWord {
  Access write;
  Access first_read;
  Access other_read;  // a reader other than first_read, in the same phase
  bool watched = false;
};

// Shadow memory as a page table over the span of watched addresses: one lookup per access, whichever array
// it touches, and pages only where shared memory is.
constexpr unsigned kPageShift = 12;
constexpr uintptr_t kPageBytes = uintptr_t{1} << kPageShift;
struct ShadowPage {
  ShadowWord words[kPageBytes / 4];
};
std::vector<std::unique_ptr<ShadowPage>> g_pages;
uintptr_t g_lowest = UINTPTR_MAX, g_highest = 0;  // g_lowest is page-aligned: the table's first page
uint32_t g_phase = 1;
uint16_t g_warp_phases[32] = {};
// The part of the dynamic shared buffer beyond what the running launch asked for: touching it is an
// out-of-range shared address, as on a GPU.
uintptr_t g_dynamic_begin = 0;
uintptr_t g_dynamic_beyond = 0;
uintptr_t g_dynamic_beyond_bytes = 0;

inline __attribute__((always_inline)) bool ordered(const Access& earlier, int slot, uint16_t warp_phase) {
  if (earlier.slot < 0 || earlier.phase != g_phase) return true;
  if (earlier.slot == slot) return true;
  return earlier.slot / 32 == slot / 32 && earlier.warp_phase != warp_phase;
}

// One conflict, kept until it is reported.
struct Race {
  const char* kind;
  Access earlier;
  bool earlier_writes;
  uintptr_t address;
  int slot;
  bool now_writes;
  uintptr_t pc;
};

// A conflict inside one warp is held until the phase ends: if threads of other warps conflict on the same
// data in the same phase, the missing barrier is a __syncthreads() and that is the report to give.
std::optional<Race> g_pending;

[[noreturn]] void report(const Race& race) {
  BlockScheduler& blocks = scheduler();
  const std::string what =
      describe_shared_address(reinterpret_cast<const void*>(race.address)).value_or("shared memory");
  const std::string earlier_line = source_line(race.earlier.pc);
  const std::string now_line = source_line(race.pc);
  std::string message = std::string(race.kind) + " data race on " + what + " in kernel " + blocks.kernel_name() +
                        ", block " + triple(blocks.block_index()) + ": thread " +
                        triple(blocks.thread_index_of(race.earlier.slot)) +
                        (race.earlier_writes ? " writes" : " reads") + " it at " + earlier_line + " and thread " +
                        triple(blocks.thread_index_of(race.slot)) + (race.now_writes ? " writes" : " reads") +
                        " it at " + now_line + " with no barrier between. ";
  if (race.earlier.slot / 32 == race.slot / 32) {
    message += "Both threads are in warp " + std::to_string(race.slot / 32) +
               ", and the lanes of a warp do not run in lockstep on Volta and later GPUs: add __syncwarp() "
               "between the two accesses (volatile is not enough).";
  } else {
    message += "Add __syncthreads() between the " + std::string(race.earlier_writes ? "write" : "read") + " at " +
               earlier_line + " and the " + (race.now_writes ? "write" : "read") + " at " + now_line + ".";
  }
  fail("race", message);
}

void conflict(const Race& race) {
  if (race.earlier.slot / 32 != race.slot / 32) report(race);
  if (!g_pending) g_pending = race;
}

void end_phase() {
  if (g_pending) report(*g_pending);
}

inline __attribute__((always_inline)) ShadowWord* shadow_of(uintptr_t address) {
  const uintptr_t offset = address - g_lowest;
  ShadowPage* page = g_pages[offset >> kPageShift].get();
  if (page == nullptr) return nullptr;
  ShadowWord* word = &page->words[(offset & (kPageBytes - 1)) >> 2];
  return word->watched ? word : nullptr;
}

inline __attribute__((always_inline)) void access_word(uintptr_t word_address, uint8_t bytes, bool is_write,
                                                     uintptr_t pc) {
  const int slot = g_current_slot;
  if (slot < 0 || word_address < g_lowest || word_address >= g_highest) return;
  ShadowWord* word = shadow_of(word_address);
  if (word == nullptr) return;
  const uint16_t warp_phase = g_warp_phases[slot / 32];
  auto conflicts = [&](const Access& earlier) __attribute__((always_inline)) { return (earlier.bytes & bytes) && !ordered(earlier, slot, warp_phase); };
  if (conflicts(word->write)) {
    conflict({is_write ? "write-after-write" : "read-after-write", word->write, true, word_address, slot, is_write, pc});
  }
  const Access now{pc, g_phase, static_cast<int16_t>(slot), warp_phase, bytes};
  if (is_write) {
    if (conflicts(word->first_read)) conflict({"write-after-read", word->first_read, false, word_address, slot, true, pc});
    if (conflicts(word->other_read)) conflict({"write-after-read", word->other_read, false, word_address, slot, true, pc});
    word->write = now;
    word->first_read = Access{};
    word->other_read = Access{};
    return;
  }
  if (word->first_read.phase != g_phase || word->first_read.slot < 0 || word->first_read.slot == slot) {
    word->first_read = now;  // a re-read by the same thread refreshes its warp phase
  } else if (word->first_read.slot != slot) {
    word->other_read = now;
  }
}

[[noreturn]] void beyond_dynamic_shared(uintptr_t address, bool is_write) {
  BlockScheduler& blocks = scheduler();
  fail("crashed", "cudaErrorIllegalAddress: thread " + triple(blocks.current().index) + " of block " +
                      triple(blocks.block_index()) + " in kernel " + blocks.kernel_name() + " " +
                      (is_write ? "writes" : "reads") + " byte " + std::to_string(address - g_dynamic_begin) +
                      " of extern __shared__ memory, but the launch asked for " +
                      std::to_string(g_dynamic_beyond - g_dynamic_begin) +
                      " bytes; pass the size as the third launch parameter: kernel<<<grid, block, bytes>>>");
}

inline __attribute__((always_inline)) void access(const void* address, size_t size, bool is_write, uintptr_t pc) {
  const auto begin = reinterpret_cast<uintptr_t>(address);
  if (__builtin_expect(begin + size - 1 - g_dynamic_beyond < g_dynamic_beyond_bytes, 0) && g_current_slot >= 0) {
    beyond_dynamic_shared(begin, is_write);
  }
  if (__builtin_expect(begin + size <= g_lowest || begin >= g_highest, 1)) return;
  if (size == 4 && (begin & 3) == 0) return access_word(begin, 0xF, is_write, pc);  // most shared accesses
  for (uintptr_t byte = begin; byte < begin + size;) {
    const uintptr_t word = byte & ~uintptr_t{3};
    const uintptr_t stop = std::min(word + 4, begin + size);
    uint8_t bytes = 0;
    for (uintptr_t b = byte; b < stop; ++b) bytes |= static_cast<uint8_t>(1u << (b - word));
    access_word(word, bytes, is_write, pc);
    byte = stop;
  }
}

}  // namespace

void watch(const void* begin, size_t bytes) {
  const uintptr_t first = reinterpret_cast<uintptr_t>(begin) & ~uintptr_t{3};
  const uintptr_t end = reinterpret_cast<uintptr_t>(begin) + bytes;
  const uintptr_t lowest = std::min(g_lowest, first & ~(kPageBytes - 1));
  if (lowest < g_lowest && !g_pages.empty()) {  // the table grows downwards: shift what is there
    std::vector<std::unique_ptr<ShadowPage>> shifted((g_lowest - lowest) >> kPageShift);
    for (std::unique_ptr<ShadowPage>& page : g_pages) shifted.push_back(std::move(page));
    g_pages = std::move(shifted);
  }
  g_lowest = lowest;
  g_highest = std::max(g_highest, end);
  g_pages.resize(((g_highest - g_lowest) >> kPageShift) + 1);
  for (uintptr_t word = first; word < end; word += 4) {
    std::unique_ptr<ShadowPage>& page = g_pages[(word - g_lowest) >> kPageShift];
    if (!page) page = std::make_unique<ShadowPage>();
    page->words[((word - g_lowest) & (kPageBytes - 1)) >> 2].watched = true;
  }
}

void limit_dynamic_shared(const void* buffer, size_t launch_bytes, size_t buffer_bytes) {
  g_dynamic_begin = reinterpret_cast<uintptr_t>(buffer);
  g_dynamic_beyond = g_dynamic_begin + launch_bytes;
  g_dynamic_beyond_bytes = buffer_bytes - launch_bytes;
}

void begin_block() {
  g_pending.reset();
  ++g_phase;
  std::fill(std::begin(g_warp_phases), std::end(g_warp_phases), 0);
}

void block_barrier() {
  end_phase();
  ++g_phase;
}

void warp_barrier(int warp) { ++g_warp_phases[warp]; }

void end_block() { end_phase(); }

}  // namespace cusim::race

// ---- The entry points -fsanitize=thread instrumentation calls ---------------------------------------------

#define CUSIM_PC reinterpret_cast<uintptr_t>(__builtin_return_address(0))

extern "C" {

void __tsan_init() {}
void __tsan_func_entry(void*) {}
void __tsan_func_exit() {}
void __tsan_vptr_update(void**, void*) {}
void __tsan_vptr_read(void**) {}

#define CUSIM_ACCESS(size)                                                                                   \
  void __tsan_read##size(void* a) { cusim::race::access(a, size, false, CUSIM_PC); }                        \
  void __tsan_write##size(void* a) { cusim::race::access(a, size, true, CUSIM_PC); }                        \
  void __tsan_unaligned_read##size(void* a) { cusim::race::access(a, size, false, CUSIM_PC); }              \
  void __tsan_unaligned_write##size(void* a) { cusim::race::access(a, size, true, CUSIM_PC); }              \
  void __tsan_volatile_read##size(void* a) { cusim::race::access(a, size, false, CUSIM_PC); }               \
  void __tsan_volatile_write##size(void* a) { cusim::race::access(a, size, true, CUSIM_PC); }               \
  void __tsan_read##size##_pc(void* a, void* pc) {                                                          \
    cusim::race::access(a, size, false, reinterpret_cast<uintptr_t>(pc));                                   \
  }                                                                                                          \
  void __tsan_write##size##_pc(void* a, void* pc) {                                                         \
    cusim::race::access(a, size, true, reinterpret_cast<uintptr_t>(pc));                                    \
  }
CUSIM_ACCESS(1)
CUSIM_ACCESS(2)
CUSIM_ACCESS(4)
CUSIM_ACCESS(8)
CUSIM_ACCESS(16)
#undef CUSIM_ACCESS

void __tsan_read_range(void* a, unsigned long size) { cusim::race::access(a, size, false, CUSIM_PC); }
void __tsan_write_range(void* a, unsigned long size) { cusim::race::access(a, size, true, CUSIM_PC); }
void* __tsan_memcpy(void* d, const void* s, size_t n) {
  cusim::race::access(s, n, false, CUSIM_PC);
  cusim::race::access(d, n, true, CUSIM_PC);
  return std::memcpy(d, s, n);
}
void* __tsan_memmove(void* d, const void* s, size_t n) {
  cusim::race::access(s, n, false, CUSIM_PC);
  cusim::race::access(d, n, true, CUSIM_PC);
  return std::memmove(d, s, n);
}
void* __tsan_memset(void* d, int c, size_t n) {
  cusim::race::access(d, n, true, CUSIM_PC);
  return std::memset(d, c, n);
}

// Atomics never race with each other; they are performed as the instrumentation asked, sequentially
// consistent (the memory order argument only ever asks for less).
#define CUSIM_ATOMICS(bits, type)                                                                            \
  type __tsan_atomic##bits##_load(const volatile type* a, int) { return __atomic_load_n(a, __ATOMIC_SEQ_CST); } \
  void __tsan_atomic##bits##_store(volatile type* a, type v, int) { __atomic_store_n(a, v, __ATOMIC_SEQ_CST); } \
  type __tsan_atomic##bits##_exchange(volatile type* a, type v, int) {                                        \
    return __atomic_exchange_n(a, v, __ATOMIC_SEQ_CST);                                                        \
  }                                                                                                            \
  type __tsan_atomic##bits##_fetch_add(volatile type* a, type v, int) {                                       \
    return __atomic_fetch_add(a, v, __ATOMIC_SEQ_CST);                                                         \
  }                                                                                                            \
  type __tsan_atomic##bits##_fetch_sub(volatile type* a, type v, int) {                                       \
    return __atomic_fetch_sub(a, v, __ATOMIC_SEQ_CST);                                                         \
  }                                                                                                            \
  type __tsan_atomic##bits##_fetch_and(volatile type* a, type v, int) {                                       \
    return __atomic_fetch_and(a, v, __ATOMIC_SEQ_CST);                                                         \
  }                                                                                                            \
  type __tsan_atomic##bits##_fetch_or(volatile type* a, type v, int) {                                        \
    return __atomic_fetch_or(a, v, __ATOMIC_SEQ_CST);                                                          \
  }                                                                                                            \
  type __tsan_atomic##bits##_fetch_xor(volatile type* a, type v, int) {                                       \
    return __atomic_fetch_xor(a, v, __ATOMIC_SEQ_CST);                                                         \
  }                                                                                                            \
  type __tsan_atomic##bits##_fetch_nand(volatile type* a, type v, int) {                                      \
    return __atomic_fetch_nand(a, v, __ATOMIC_SEQ_CST);                                                        \
  }                                                                                                            \
  int __tsan_atomic##bits##_compare_exchange_strong(volatile type* a, type* c, type v, int, int) {            \
    return __atomic_compare_exchange_n(a, c, v, false, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST);                    \
  }                                                                                                            \
  int __tsan_atomic##bits##_compare_exchange_weak(volatile type* a, type* c, type v, int, int) {              \
    return __atomic_compare_exchange_n(a, c, v, false, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST);                    \
  }                                                                                                            \
  type __tsan_atomic##bits##_compare_exchange_val(volatile type* a, type c, type v, int, int) {               \
    __atomic_compare_exchange_n(a, &c, v, false, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST);                          \
    return c;                                                                                                  \
  }
CUSIM_ATOMICS(8, uint8_t)
CUSIM_ATOMICS(16, uint16_t)
CUSIM_ATOMICS(32, uint32_t)
CUSIM_ATOMICS(64, uint64_t)
#undef CUSIM_ATOMICS

void __tsan_atomic_thread_fence(int) { __atomic_thread_fence(__ATOMIC_SEQ_CST); }
void __tsan_atomic_signal_fence(int) {}

}  // extern "C"
