#include "cusim/runtime/kernel_reach.h"

#include <pthread.h>

namespace cusim::reach {

uintptr_t g_stacks_begin = 0, g_stacks_bytes = 0;
uintptr_t g_host_stack_begin = 0, g_host_stack_bytes = 0;

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

}  // namespace cusim::reach
