// The entry points of -fsanitize=thread's instrumentation that are not on the hot path: function entries,
// ranges and memcpy, atomics and fences. Each goes through race_checker.h's on_access; the plain reads and
// writes, nearly every call a kernel makes, are race_checker.cc's, where the checker is inlined into them.
#include <cstddef>
#include <cstdint>
#include <cstring>

#include "cusim/runtime/device_statics.h"
#include "cusim/runtime/race_checker.h"
#include "cusim/runtime/race_report.h"

#define CUSIM_PC reinterpret_cast<uintptr_t>(__builtin_return_address(0))

extern "C" {

void __tsan_init() {}
void __tsan_func_entry(void*) {}
void __tsan_func_exit() {}
void __tsan_vptr_update(void**, void*) {}
void __tsan_vptr_read(void**) {}

void __tsan_read_range(void* a, unsigned long size) { cusim::race::on_access(a, size, false, false, CUSIM_PC); }
void __tsan_write_range(void* a, unsigned long size) { cusim::race::on_access(a, size, true, false, CUSIM_PC); }
// GCC's instrumentation calls memcpy, memmove and memset by their own names; the simulator's join renames the
// file's calls to these (sim/checked_calls.h).
void* __tsan_memcpy(void* d, const void* s, size_t n) {
  cusim::race::on_bytes(s, n, false, CUSIM_PC);
  cusim::race::on_bytes(d, n, true, CUSIM_PC);
  return std::memcpy(d, s, n);
}
void* __tsan_memmove(void* d, const void* s, size_t n) {
  cusim::race::on_bytes(s, n, false, CUSIM_PC);
  cusim::race::on_bytes(d, n, true, CUSIM_PC);
  return std::memmove(d, s, n);
}
void* __tsan_memset(void* d, int c, size_t n) {
  cusim::race::on_bytes(d, n, true, CUSIM_PC);
  return std::memset(d, c, n);
}

// Atomics never race with each other, but do with plain accesses: each is recorded as an atomic read (a load)
// or an atomic write (anything that stores), then performed as the instrumentation asked, sequentially
// consistent (the memory order argument only ever asks for less).
//
// One exception: the compiler reads the guard of a function-local static (the simulator's registrations of
// static __shared__ arrays are such statics, read by every thread of every block) with a one-byte atomic load,
// in the file's static storage, which the checker watches as device memory (device_statics.h). CUDA has no
// one-byte atomics, so no data of a lab's is read that way: such a read is neither recorded nor counted.
#define CUSIM_ATOMIC_READ(a)                                                                                 \
  if (sizeof *(a) != 1 || !cusim::device_statics::contains(reinterpret_cast<uintptr_t>(a)))                 \
  cusim::race::on_access(const_cast<const void*>(static_cast<const volatile void*>(a)), sizeof *(a), false, true, CUSIM_PC)
#define CUSIM_ATOMIC_WRITE(a) cusim::race::on_access(const_cast<const void*>(static_cast<const volatile void*>(a)), sizeof *(a), true, true, CUSIM_PC)
#define CUSIM_ATOMIC_RMW(bits, type, name)                                                                   \
  type __tsan_atomic##bits##_##name(volatile type* a, type v, int) {                                          \
    CUSIM_ATOMIC_WRITE(a);                                                                                    \
    return __atomic_##name(a, v, __ATOMIC_SEQ_CST);                                                           \
  }
#define CUSIM_ATOMICS(bits, type)                                                                            \
  type __tsan_atomic##bits##_load(const volatile type* a, int) {                                             \
    CUSIM_ATOMIC_READ(a);                                                                                     \
    return __atomic_load_n(a, __ATOMIC_SEQ_CST);                                                              \
  }                                                                                                          \
  void __tsan_atomic##bits##_store(volatile type* a, type v, int) {                                         \
    CUSIM_ATOMIC_WRITE(a);                                                                                    \
    __atomic_store_n(a, v, __ATOMIC_SEQ_CST);                                                                 \
  }                                                                                                          \
  type __tsan_atomic##bits##_exchange(volatile type* a, type v, int) {                                        \
    CUSIM_ATOMIC_WRITE(a);                                                                                    \
    return __atomic_exchange_n(a, v, __ATOMIC_SEQ_CST);                                                        \
  }                                                                                                            \
  CUSIM_ATOMIC_RMW(bits, type, fetch_add)                                                                      \
  CUSIM_ATOMIC_RMW(bits, type, fetch_sub)                                                                      \
  CUSIM_ATOMIC_RMW(bits, type, fetch_and)                                                                      \
  CUSIM_ATOMIC_RMW(bits, type, fetch_or)                                                                       \
  CUSIM_ATOMIC_RMW(bits, type, fetch_xor)                                                                      \
  CUSIM_ATOMIC_RMW(bits, type, fetch_nand)                                                                     \
  int __tsan_atomic##bits##_compare_exchange_strong(volatile type* a, type* c, type v, int, int) {            \
    CUSIM_ATOMIC_WRITE(a);                                                                                    \
    return __atomic_compare_exchange_n(a, c, v, false, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST);                    \
  }                                                                                                            \
  int __tsan_atomic##bits##_compare_exchange_weak(volatile type* a, type* c, type v, int, int) {              \
    CUSIM_ATOMIC_WRITE(a);                                                                                    \
    return __atomic_compare_exchange_n(a, c, v, false, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST);                    \
  }                                                                                                            \
  type __tsan_atomic##bits##_compare_exchange_val(volatile type* a, type c, type v, int, int) {               \
    CUSIM_ATOMIC_WRITE(a);                                                                                    \
    __atomic_compare_exchange_n(a, &c, v, false, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST);                          \
    return c;                                                                                                  \
  }
CUSIM_ATOMICS(8, uint8_t)
CUSIM_ATOMICS(16, uint16_t)
CUSIM_ATOMICS(32, uint32_t)
CUSIM_ATOMICS(64, uint64_t)
#undef CUSIM_ATOMICS
#undef CUSIM_ATOMIC_RMW
#undef CUSIM_ATOMIC_READ
#undef CUSIM_ATOMIC_WRITE

// -fsanitize=alignment's report of a typed access at an address its type's alignment forbids (sim_toolchain.cc):
// in a kernel, cudaErrorMisalignedAddress with the line; in host code, which the CPU runs on a GPU too, nothing.
struct UbsanLocation {
  const char* file;
  uint32_t line;
  uint32_t column;
};
struct UbsanTypeDescriptor {
  uint16_t kind;
  uint16_t info;
  char name[1];
};
struct UbsanTypeMismatch {
  UbsanLocation location;
  const UbsanTypeDescriptor* type;
  unsigned char log_alignment;
  unsigned char check_kind;
};
void __ubsan_handle_type_mismatch_v1(UbsanTypeMismatch* data, uintptr_t pointer) {
  const uintptr_t alignment = uintptr_t{1} << data->log_alignment;
  if (pointer == 0 || pointer % alignment == 0) return;  // a null pointer is the fault handler's to name
  cusim::race::report_misaligned_type(pointer, alignment, data->type->name, data->location.file,
                                      static_cast<int>(data->location.line));
}

void __tsan_atomic_thread_fence(int) {
  cusim::race::fence();
  __atomic_thread_fence(__ATOMIC_SEQ_CST);
}
void __tsan_atomic_signal_fence(int) {}

}  // extern "C"
