#include "cusim/runtime/device_memory.h"

#include <sys/mman.h>

#include <cstring>
#include <iterator>
#include <map>
#include <stdexcept>

#include "cusim/runtime/race_checker.h"
#include "cusim/runtime/runtime_heap.h"

namespace cusim::device_memory {

uintptr_t g_begin = 0;
uintptr_t g_bytes = 0;

namespace {

constexpr size_t kPage = 4096;
constexpr size_t kAlignment = 256;
constexpr unsigned char kGarbage = 0xCD;
// Address space only (PROT_NONE, no reservation of memory): four times the capacity, so that buffers freed
// out of order leave room for the next ones.
constexpr size_t kReservedBytes = 4 * kCapacityBytes;

struct Buffer {
  uintptr_t base;    // page-aligned start of its pages
  size_t usable;     // bytes before the guard page
  size_t requested;  // what cudaMalloc was asked for
};

// The table lives in the runtime's own heap (runtime_heap.h): an entry of the file's making would make host
// memory device memory.
runtime_heap::map<uintptr_t, Buffer> g_buffers;     // by the address cudaMalloc returned
runtime_heap::map<uintptr_t, size_t> g_free;        // unused extents of the span, coalesced: start -> bytes
size_t g_live_bytes = 0;
int g_open_depth = 0;

size_t round_up(size_t value, size_t unit) { return (value + unit - 1) / unit * unit; }

void reserve_span() {
  void* span = mmap(nullptr, kReservedBytes, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  if (span == MAP_FAILED) throw std::runtime_error("cusim: cannot reserve address space for device memory");
  g_begin = reinterpret_cast<uintptr_t>(span);
  g_bytes = kReservedBytes;
  g_free[g_begin] = kReservedBytes;
}

void protect(const Buffer& buffer, int protection) {
  mprotect(reinterpret_cast<void*>(buffer.base), buffer.usable, protection);
}

// First fit: the lowest extent with room for the buffer and its guard page.
std::optional<uintptr_t> take_extent(size_t bytes) {
  for (auto extent = g_free.begin(); extent != g_free.end(); ++extent) {
    if (extent->second < bytes) continue;
    const uintptr_t start = extent->first;
    const size_t left = extent->second - bytes;
    g_free.erase(extent);
    if (left > 0) g_free[start + bytes] = left;
    return start;
  }
  return std::nullopt;
}

void return_extent(uintptr_t start, size_t bytes) {
  auto next = g_free.lower_bound(start);
  if (next != g_free.end() && start + bytes == next->first) {
    bytes += next->second;
    next = g_free.erase(next);
  }
  if (next != g_free.begin()) {
    auto previous = std::prev(next);
    if (previous->first + previous->second == start) {
      previous->second += bytes;
      return;
    }
  }
  g_free[start] = bytes;
}

}  // namespace

void* allocate(size_t bytes) {
  if (bytes > kCapacityBytes) return nullptr;  // before any rounding, which a size near 2^64 would overflow
  const size_t usable = round_up(bytes == 0 ? 1 : bytes, kPage);
  if (g_live_bytes + usable > kCapacityBytes) return nullptr;
  if (g_bytes == 0) reserve_span();
  const std::optional<uintptr_t> base = take_extent(usable + kPage);
  if (!base) return nullptr;
  const Buffer buffer{*base, usable, bytes};
  protect(buffer, PROT_READ | PROT_WRITE);
  // The buffer ends as close to the guard page as CUDA's alignment allows.
  const uintptr_t start = buffer.base + usable - round_up(bytes == 0 ? 1 : bytes, kAlignment);
  std::memset(reinterpret_cast<void*>(start), kGarbage, bytes);
  if (g_open_depth == 0) protect(buffer, PROT_NONE);
  g_buffers[start] = buffer;
  g_live_bytes += usable;
  return reinterpret_cast<void*>(start);
}

ReleaseOutcome release(void* pointer) {
  auto found = g_buffers.find(reinterpret_cast<uintptr_t>(pointer));
  if (found == g_buffers.end()) return ReleaseOutcome::kNotABuffer;
  const Buffer buffer = found->second;
  g_buffers.erase(found);
  // Its pages go back to the system; a later use of the freed pointer faults.
  madvise(reinterpret_cast<void*>(buffer.base), buffer.usable, MADV_DONTNEED);
  protect(buffer, PROT_NONE);
  race::forget_global(reinterpret_cast<void*>(buffer.base), buffer.usable);
  return_extent(buffer.base, buffer.usable + kPage);
  g_live_bytes -= buffer.usable;
  return ReleaseOutcome::kReleased;
}

void open() {
  if (g_open_depth++ > 0) return;
  for (const auto& [start, buffer] : g_buffers) protect(buffer, PROT_READ | PROT_WRITE);
}

void close() {
  if (--g_open_depth > 0) return;
  for (const auto& [start, buffer] : g_buffers) protect(buffer, PROT_NONE);
}

std::optional<Place> locate(uintptr_t address) {
  auto after = g_buffers.upper_bound(address);
  if (after == g_buffers.begin()) return std::nullopt;
  const auto& [start, buffer] = *std::prev(after);
  if (address >= buffer.base + buffer.usable) return std::nullopt;
  if (address < start) return std::nullopt;  // the padding before an aligned start
  return Place{address - start, buffer.requested};
}

std::string describe(const Place& place) {
  return "byte " + std::to_string(place.offset) + " of a " + std::to_string(place.buffer_bytes) +
         "-byte cudaMalloc buffer";
}

}  // namespace cusim::device_memory
