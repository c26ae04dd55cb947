// cusim: <cooperative_groups/memcpy_async.h>, a group's copy and its wait, for the simulator
// (cooperative_groups.h says how).
#pragma once

#include "../cooperative_groups.h"

namespace cooperative_groups {

// The group's threads copy the bytes between them, element-strided as a GPU's asynchronous copy spreads them;
// wait() is the group's barrier, after which every thread sees the whole copy.

template <typename Group>
void memcpy_async(const Group& group, void* destination, const void* source, size_t bytes) {
  unsigned char* to = static_cast<unsigned char*>(destination);
  const unsigned char* from = static_cast<const unsigned char*>(source);
  const size_t rank = group.thread_rank(), size = group.size();
  if (bytes % 4 == 0 && reinterpret_cast<__UINTPTR_TYPE__>(to) % 4 == 0 && reinterpret_cast<__UINTPTR_TYPE__>(from) % 4 == 0) {
    for (size_t word = rank; word < bytes / 4; word += size) {
      reinterpret_cast<::cusim::u32*>(to)[word] = reinterpret_cast<const ::cusim::u32*>(from)[word];
    }
    return;
  }
  for (size_t byte = rank; byte < bytes; byte += size) to[byte] = from[byte];
}
template <typename Group, typename T>
void memcpy_async(const Group& group, T* destination, const T* source, size_t bytes) {
  memcpy_async(group, static_cast<void*>(destination), static_cast<const void*>(source), bytes);
}
template <typename Group>
void wait(const Group& group, int line = __builtin_LINE()) {
  group.sync(line);
}
template <unsigned Stage, typename Group>
void wait_prior(const Group& group, int line = __builtin_LINE()) {
  group.sync(line);
}

}  // namespace cooperative_groups
