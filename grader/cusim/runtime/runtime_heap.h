// The runtime's own heap: the state its checks decide by (the race checker's shadow, the access profile's
// counts, the table of device buffers) lives in a span of address space of its own, which
// the file's stores may not reach, as they may not reach the runner's static variables (race_checker.cc's
// guard_runner_state; issue #33: the checks' state in the student's process must be out of the file's reach).
// On the shared heap that state was host memory like the file's own, which any store of the file's host code
// could rewrite once it had followed a pointer there from the runner's variables.
//
// A simple allocator, enough for the runtime's few long-lived containers: power-of-two size classes with a free
// list each, carved from the span in order. What is freed is kept for its class; a large block's pages are
// given back to the system. Single-threaded, as the runner is (kernel threads are fibers of one thread).
#pragma once

#include <cstddef>
#include <cstdint>
#include <map>
#include <memory>
#include <new>
#include <string>
#include <utility>
#include <vector>

namespace cusim::runtime_heap {

// At least `bytes`, aligned to 16; throws std::bad_alloc when the span is spent.
void* allocate(size_t bytes);
// A block from allocate(bytes), with the same `bytes`.
void release(void* block, size_t bytes);

// Whether any byte of [begin, begin + bytes) is the span's: inline, for the race checker's guard.
extern uintptr_t g_begin, g_end;
inline bool overlaps(uintptr_t begin, size_t bytes) {
  const uintptr_t end = begin + bytes;
  if (end < begin) return begin < g_end;
  return begin < g_end && end > g_begin;
}

template <class T>
struct Allocator {
  using value_type = T;
  Allocator() = default;
  template <class U>
  Allocator(const Allocator<U>&) {}
  T* allocate(size_t n) { return static_cast<T*>(runtime_heap::allocate(n * sizeof(T))); }
  void deallocate(T* block, size_t n) { runtime_heap::release(block, n * sizeof(T)); }
  template <class U>
  bool operator==(const Allocator<U>&) const { return true; }
  template <class U>
  bool operator!=(const Allocator<U>&) const { return false; }
};

template <class T>
using vector = std::vector<T, Allocator<T>>;
template <class Key, class Value, class Less = std::less<Key>>
using map = std::map<Key, Value, Less, Allocator<std::pair<const Key, Value>>>;
using string = std::basic_string<char, std::char_traits<char>, Allocator<char>>;

template <class T>
struct Deleter {
  void operator()(T* object) const {
    object->~T();
    release(object, sizeof(T));
  }
};
template <class T>
using unique_ptr = std::unique_ptr<T, Deleter<T>>;

template <class T, class... Arguments>
unique_ptr<T> make_unique(Arguments&&... arguments) {
  return unique_ptr<T>(new (allocate(sizeof(T))) T(std::forward<Arguments>(arguments)...));
}

}  // namespace cusim::runtime_heap
