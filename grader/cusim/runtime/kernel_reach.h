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

namespace cusim::reach {

// The fibers' stacks: [begin, begin + bytes).
void allow_stacks(const void* begin, size_t bytes);
// Finds the launching thread's stack, once; called at every launch.
void find_host_stack();
bool kernel_may_touch(uintptr_t address);

}  // namespace cusim::reach
