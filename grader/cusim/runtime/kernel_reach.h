// What a kernel thread may touch besides device memory (device_memory.h) and shared memory: its own stack
// (the fibers' span, scheduler.cc), the program's static variables (__device__ and __constant__ variables
// live there, and so do static __shared__ arrays) and the launching thread's stack (kernel arguments are
// read from there). Anything else is host memory, which a kernel cannot reach on a GPU.
//
// The launching thread's stack is allowed whole, so a kernel given a host stack array is not caught; host
// heap memory (malloc, new, std::vector) is.
#pragma once

#include <cstddef>
#include <cstdint>

// The linker's bounds of the runner's own image: static variables, __device__ and __constant__ ones included.
extern "C" char __executable_start[], _end[];

namespace cusim::reach {

// The fibers' stacks: [begin, begin + bytes).
void allow_stacks(const void* begin, size_t bytes);
// Finds the launching thread's stack, once; called at every launch.
void find_host_stack();

// Inline: every access of a kernel thread to its stack, its arguments or a static variable asks.
extern uintptr_t g_stacks_begin, g_stacks_bytes;
extern uintptr_t g_host_stack_begin, g_host_stack_bytes;

inline bool within(uintptr_t address, uintptr_t begin, uintptr_t bytes) { return address - begin < bytes; }

// The runner's own image: its code, constants and static variables (the file's among them).
inline bool in_image(uintptr_t address) {
  return within(address, reinterpret_cast<uintptr_t>(__executable_start),
                static_cast<uintptr_t>(_end - __executable_start));
}

// Whether any byte of [begin, begin + bytes) is the image's.
inline bool overlaps_image(uintptr_t begin, size_t bytes) {
  const auto image_begin = reinterpret_cast<uintptr_t>(__executable_start);
  const auto image_end = reinterpret_cast<uintptr_t>(_end);
  const uintptr_t end = begin + bytes;
  if (end < begin) return begin < image_end;  // a span that wraps reaches the top of the address space
  return begin < image_end && end > image_begin;
}

inline bool kernel_may_touch(uintptr_t address) {
  return within(address, g_stacks_begin, g_stacks_bytes) || in_image(address) ||
         within(address, g_host_stack_begin, g_host_stack_bytes);
}

}  // namespace cusim::reach
