// The race checker's shadow memory, shared by the checker (race_checker.cc) and the notes it keeps of the
// runtime's copies (host_work.cc): for every 4-byte word of watched memory, the last write and up to two
// readers. Private to cusim's runtime.
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "cusim/runtime/device_memory.h"
#include "cusim/runtime/device_statics.h"
#include "cusim/runtime/race_report.h"
#include "cusim/runtime/runtime_heap.h"

namespace cusim::race {

struct ShadowWord {
  Access write;
  Access first_read;
  Access other_read;  // a reader not ordered with first_read
};
static_assert(sizeof(ShadowWord) == 24);

// What the hot path (__tsan_read4) reads, kept apart from the ShadowWords so that it is dense: the tiled
// matmul's two tiles take 4 KiB of these. `epoch` is g_epoch when a read last found the word quiet: its write
// ordered before any read of this epoch, and both kept readers (their slot_bits copied here) of this epoch
// and unordered with any other thread's read, so that a plain read by any thread but those two would neither
// report nor change anything and may return at once. 0: not quiet.
struct QuietWord {
  uint32_t epoch = 0;
  uint16_t first_reader = 0;
  uint16_t other_reader = 0;
};
static_assert(sizeof(QuietWord) == 8);

// Shadow memory as page tables: one lookup per access, and pages only where memory is used.
constexpr unsigned kPageShift = 12;
constexpr uintptr_t kPageBytes = uintptr_t{1} << kPageShift;
constexpr size_t kPageWords = kPageBytes / 4;
// Which of a word's accesses a code address belongs to.
enum CodeOf : size_t { kWriteCode, kFirstReadCode, kOtherReadCode };
struct ShadowPage {
  ShadowWord words[kPageWords];                 // hot: read at every access but a quiet read
  QuietWord quiet[kPageWords];                  // hottest: read at every read
  CodeOffset codes[kPageWords][3] = {};         // cold: written when an access is kept, read for a report
  uint64_t watched[kPageWords / 64] = {};       // shared memory only: which words belong to a watched array

  bool is_watched(size_t word) const { return (watched[word / 64] >> (word % 64)) & 1; }
  void mark_watched(size_t word) { watched[word / 64] |= uint64_t{1} << (word % 64); }
};
// In the runtime's own heap (runtime_heap.h), out of the file's reach: a cleared shadow would hide a race.
using PageTable = runtime_heap::vector<runtime_heap::unique_ptr<ShadowPage>>;

// One word's shadow: its accesses and their code addresses.
struct ShadowRef {
  ShadowPage* page = nullptr;
  size_t index = 0;

  explicit operator bool() const { return page != nullptr; }
  ShadowWord& word() const { return page->words[index]; }
  QuietWord& quiet() const { return page->quiet[index]; }
  CodeOffset* codes() const { return page->codes[index]; }
};

// Counts block starts and barriers over the whole run (race_report.h's Access::phase).
extern uint32_t g_phase;
// Counts every event that can change what a read must record: launches, blocks, barriers, __syncwarp, the
// runtime's copies. A QuietWord is good while its epoch equals this.
extern uint32_t g_epoch;

// Device memory: a table over device_memory's span, a page made when a kernel first touches it; the file's
// static storage (device_statics.h), a table of its own from its lowest address.
extern PageTable g_global_pages;
extern PageTable g_static_pages;
ShadowPage& new_page(PageTable& table, size_t index);

// Shared memory: a table over the span of watched addresses (race_checker.h's watch). g_lowest is
// page-aligned: the table's first page. g_shared_span is g_highest - g_lowest once anything is watched, so
// that one compare finds shared memory.
extern PageTable g_shared_pages;
extern uintptr_t g_lowest, g_highest, g_shared_span;

// A watched word's shadow, or none (an address between the arrays, their registration guards for example).
inline __attribute__((always_inline)) ShadowRef shared_shadow(uintptr_t address) {
  const uintptr_t offset = address - g_lowest;
  ShadowPage* page = g_shared_pages[offset >> kPageShift].get();
  if (page == nullptr) return {};
  const size_t word = (offset & (kPageBytes - 1)) >> 2;
  return page->is_watched(word) ? ShadowRef{page, word} : ShadowRef{};
}

// The table's page `index`, or nullptr when it is past the table or not made yet.
inline __attribute__((always_inline)) ShadowPage* made_page(const PageTable& table, size_t index) {
  return index < table.size() ? table[index].get() : nullptr;
}

// A word of device memory or of the file's static storage: the caller knows it is one of the two.
inline __attribute__((always_inline)) ShadowRef global_shadow(uintptr_t address) {
  uintptr_t offset = address - device_memory::g_begin;
  PageTable* table = &g_global_pages;
  if (__builtin_expect(offset >= device_memory::g_bytes, 0)) {
    offset = address - device_statics::lowest();
    table = &g_static_pages;
  }
  const size_t index = offset >> kPageShift;
  ShadowPage* page = made_page(*table, index);
  if (__builtin_expect(page == nullptr, 0)) page = &new_page(*table, index);
  return {page, (offset & (kPageBytes - 1)) >> 2};
}

}  // namespace cusim::race
