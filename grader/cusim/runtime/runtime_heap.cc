#include "cusim/runtime/runtime_heap.h"

#include <sys/mman.h>

#include <array>

namespace cusim::runtime_heap {

uintptr_t g_begin = 0, g_end = 0;

namespace {

// Address space only until used: the runtime's state is a few MiB for a lab, the access profile's notes of a
// large counted case a few GiB at most.
constexpr size_t kReservedBytes = size_t{64} << 30;
constexpr size_t kCommitStep = size_t{64} << 20;
constexpr size_t kSmallestClass = 4;  // 16 bytes
constexpr uintptr_t kPageBytes = 4096;
constexpr size_t kClasses = 40;
// A freed block this large gives its pages back; its address space stays in its class.
constexpr size_t kLargeBytes = size_t{1} << 20;

struct FreeBlock {
  FreeBlock* next;
};

std::array<FreeBlock*, kClasses> g_free{};
uintptr_t g_next = 0;       // where the next new block is carved
uintptr_t g_committed = 0;  // readable and writable below this

void reserve() {
  void* span = mmap(nullptr, kReservedBytes, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  if (span == MAP_FAILED) throw std::bad_alloc();
  g_begin = g_next = g_committed = reinterpret_cast<uintptr_t>(span);
  g_end = g_begin + kReservedBytes;
}

// The class whose blocks, 2^(class + kSmallestClass) bytes, are the smallest that hold `bytes`.
size_t class_of(size_t bytes) {
  if (bytes <= (size_t{1} << kSmallestClass)) return 0;
  const size_t bits = 64 - static_cast<size_t>(__builtin_clzll(static_cast<unsigned long long>(bytes - 1)));
  return bits - kSmallestClass;
}

void* carve(size_t block_bytes) {
  if (g_begin == 0) reserve();
  // Aligned to its size up to a page: a large block's pages can then be given back whole.
  const uintptr_t alignment = block_bytes < kPageBytes ? block_bytes : kPageBytes;
  const uintptr_t block = (g_next + alignment - 1) & ~(alignment - 1);
  if (block_bytes > g_end - block) throw std::bad_alloc();
  g_next = block;
  g_next += block_bytes;
  if (g_next > g_committed) {
    const uintptr_t target = (g_next + kCommitStep - 1) / kCommitStep * kCommitStep;
    const uintptr_t upto = target < g_end ? target : g_end;
    if (mprotect(reinterpret_cast<void*>(g_committed), upto - g_committed, PROT_READ | PROT_WRITE) != 0) {
      throw std::bad_alloc();
    }
    g_committed = upto;
  }
  return reinterpret_cast<void*>(block);
}

}  // namespace

void* allocate(size_t bytes) {
  const size_t size_class = class_of(bytes);
  if (size_class >= kClasses) throw std::bad_alloc();
  if (FreeBlock* block = g_free[size_class]) {
    g_free[size_class] = block->next;
    return block;
  }
  return carve(size_t{1} << (size_class + kSmallestClass));
}

void release(void* block, size_t bytes) {
  if (block == nullptr) return;
  const size_t size_class = class_of(bytes);
  const size_t block_bytes = size_t{1} << (size_class + kSmallestClass);
  if (block_bytes >= kLargeBytes) madvise(block, block_bytes, MADV_DONTNEED);
  auto* freed = static_cast<FreeBlock*>(block);
  freed->next = g_free[size_class];
  g_free[size_class] = freed;
}

}  // namespace cusim::runtime_heap
