#include "cusim/runtime/kernel_reach.h"

#include <pthread.h>

// The linker's bounds of the runner's own image: static variables, __device__ and __constant__ ones included.
extern "C" char __executable_start[], _end[];

namespace cusim::reach {
namespace {

uintptr_t g_stacks_begin = 0, g_stacks_bytes = 0;
uintptr_t g_host_stack_begin = 0, g_host_stack_bytes = 0;

bool within(uintptr_t address, uintptr_t begin, uintptr_t bytes) { return address - begin < bytes; }

}  // namespace

void allow_stacks(const void* begin, size_t bytes) {
  g_stacks_begin = reinterpret_cast<uintptr_t>(begin);
  g_stacks_bytes = bytes;
}

void find_host_stack() {
  if (g_host_stack_bytes != 0) return;
  pthread_attr_t attributes;
  if (pthread_getattr_np(pthread_self(), &attributes) != 0) return;
  void* stack = nullptr;
  size_t bytes = 0;
  if (pthread_attr_getstack(&attributes, &stack, &bytes) == 0) {
    g_host_stack_begin = reinterpret_cast<uintptr_t>(stack);
    g_host_stack_bytes = bytes;
  }
  pthread_attr_destroy(&attributes);
}

bool kernel_may_touch(uintptr_t address) {
  return within(address, g_stacks_begin, g_stacks_bytes) ||
         within(address, reinterpret_cast<uintptr_t>(__executable_start),
                static_cast<uintptr_t>(_end - __executable_start)) ||
         within(address, g_host_stack_begin, g_host_stack_bytes);
}

}  // namespace cusim::reach
