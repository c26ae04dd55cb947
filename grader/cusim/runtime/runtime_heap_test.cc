// The runtime's own heap (runtime_heap.h): blocks come from its span, are reused by their class, and the span
// is what the race checker's guard tests.
#include "cusim/runtime/runtime_heap.h"

#include <catch2/catch.hpp>

#include <cstring>

namespace cusim::runtime_heap {
namespace {

bool inside(const void* block, size_t bytes) {
  const auto begin = reinterpret_cast<uintptr_t>(block);
  return begin >= g_begin && begin + bytes <= g_end;
}

TEST_CASE("blocks come from the span, aligned, writable, and a freed block is reused by its class",
          "[runtime_heap]") {
  void* small = allocate(24);
  void* page = allocate(4096);
  CHECK(inside(small, 24));
  CHECK(inside(page, 4096));
  CHECK(reinterpret_cast<uintptr_t>(small) % 16 == 0);
  std::memset(page, 0xAB, 4096);
  release(small, 24);
  CHECK(allocate(32) == small);  // 24 and 32 bytes are one class
  void* other = allocate(33);     // the next class
  CHECK(other != small);
  release(other, 33);
  release(page, 4096);
}

TEST_CASE("a large block is given back on release and its space reused; a container lives in the span",
          "[runtime_heap]") {
  constexpr size_t kLarge = size_t{8} << 20;
  auto* large = static_cast<unsigned char*>(allocate(kLarge));
  std::memset(large, 1, kLarge);
  release(large, kLarge);
  auto* again = static_cast<unsigned char*>(allocate(kLarge));
  CHECK(again == large);
  CHECK(again[kLarge - 1] == 0);  // its pages were given back, and come back zeroed
  release(again, kLarge);
  vector<int> numbers(1000, 7);
  map<int, int> table{{1, 2}, {3, 4}};
  CHECK(inside(numbers.data(), 1000 * sizeof(int)));
  CHECK(inside(&*table.begin(), sizeof(std::pair<const int, int>)));
}

TEST_CASE("overlaps tells any byte of the span from memory beside it", "[runtime_heap]") {
  void* block = allocate(64);
  const auto address = reinterpret_cast<uintptr_t>(block);
  CHECK(overlaps(address, 1));
  CHECK(overlaps(g_begin - 8, 16));  // runs into the span from below
  CHECK_FALSE(overlaps(g_begin - 8, 8));
  CHECK_FALSE(overlaps(g_end, 8));
  CHECK(overlaps(g_begin - 8, ~uintptr_t{0}));  // a span that wraps the address space covers it
  int on_the_stack = 0;
  CHECK_FALSE(overlaps(reinterpret_cast<uintptr_t>(&on_the_stack), sizeof on_the_stack));
  release(block, 64);
}

}  // namespace
}  // namespace cusim::runtime_heap
