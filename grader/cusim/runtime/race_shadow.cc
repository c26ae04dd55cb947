// The race checker's shadow page tables (race_shadow.h): made as memory is watched or first touched, dropped
// with a cudaFree.
#include "cusim/runtime/race_shadow.h"

#include <algorithm>
#include <memory>
#include <utility>

#include "cusim/runtime/race_checker.h"

namespace cusim::race {

PageTable g_global_pages;
PageTable g_static_pages;
PageTable g_shared_pages;
uintptr_t g_lowest = UINTPTR_MAX, g_highest = 0;
uintptr_t g_shared_span = 0;

ShadowPage& new_page(PageTable& table, size_t index) {
  if (index >= table.size()) table.resize(index + 1);
  table[index] = runtime_heap::make_unique<ShadowPage>();
  return *table[index];
}

void forget_global(const void* begin, size_t bytes) {
  const uintptr_t first = (reinterpret_cast<uintptr_t>(begin) - device_memory::g_begin) >> kPageShift;
  const uintptr_t last = (reinterpret_cast<uintptr_t>(begin) + bytes - 1 - device_memory::g_begin) >> kPageShift;
  for (uintptr_t page = first; page <= last && page < g_global_pages.size(); ++page) g_global_pages[page].reset();
}

void watch(const void* begin, size_t bytes) {
  const uintptr_t first = reinterpret_cast<uintptr_t>(begin) & ~uintptr_t{3};
  const uintptr_t end = reinterpret_cast<uintptr_t>(begin) + bytes;
  const uintptr_t lowest = std::min(g_lowest, first & ~(kPageBytes - 1));
  if (lowest < g_lowest && !g_shared_pages.empty()) {  // the table grows downwards: shift what is there
    PageTable shifted((g_lowest - lowest) >> kPageShift);
    for (runtime_heap::unique_ptr<ShadowPage>& page : g_shared_pages) shifted.push_back(std::move(page));
    g_shared_pages = std::move(shifted);
  }
  g_lowest = lowest;
  g_highest = std::max(g_highest, end);
  g_shared_span = g_highest - g_lowest;
  g_shared_pages.resize(((g_highest - g_lowest) >> kPageShift) + 1);
  for (uintptr_t word = first; word < end; word += 4) {
    runtime_heap::unique_ptr<ShadowPage>& page = g_shared_pages[(word - g_lowest) >> kPageShift];
    if (!page) page = runtime_heap::make_unique<ShadowPage>();
    page->mark_watched(((word - g_lowest) & (kPageBytes - 1)) >> 2);
  }
}

}  // namespace cusim::race
