// The file's own static storage, which the simulator treats as device memory: the __device__ and __constant__
// variables a lab file declares (and every other variable of static storage it defines) are watched by the
// race checker and counted by the access profile as global memory is (issue #33: a naive matmul that copied A
// and B into __device__ arrays got every efficiency point, and a "last block" handshake kept in __device__
// variables passed without its __threadfence()).
//
// The student's object alone is placed between these bounds by the linker, from outside the file's reach
// (sim/sim_toolchain.cc's link script): its .data and .bss sections, and those of every name they begin,
// which covers template statics and the __device__ variables a macro declares. The object check refuses any
// other writable section (compile/static_storage.h), so nothing of the file's is left outside. Static
// __shared__ arrays live here too; the race checker finds them as shared memory first.
//
// Read-only data (const __device__ tables, string literals) is not here: nothing can race on it, and it holds
// nothing a kernel computed.
#pragma once

#include <cstdint>

// The link script's bounds; weak, so that a program linked without it (the runtime's own tests) has none.
extern "C" char __cusim_statics_data_begin[] __attribute__((weak));
extern "C" char __cusim_statics_data_end[] __attribute__((weak));
extern "C" char __cusim_statics_bss_begin[] __attribute__((weak));
extern "C" char __cusim_statics_bss_end[] __attribute__((weak));

namespace cusim::device_statics {

inline bool within(uintptr_t address, const char* begin, const char* end) {
  return address - reinterpret_cast<uintptr_t>(begin) <
         static_cast<uintptr_t>(reinterpret_cast<uintptr_t>(end) - reinterpret_cast<uintptr_t>(begin));
}

inline bool contains(uintptr_t address) {
  return within(address, __cusim_statics_data_begin, __cusim_statics_data_end) ||
         within(address, __cusim_statics_bss_begin, __cusim_statics_bss_end);
}

// Whether all of [address, address + bytes) lies in one of the two ranges: a span that starts in the file's
// .data and ends in its .bss crosses the runner's variables between them.
inline bool holds(uintptr_t address, size_t bytes) {
  auto within_span = [&](const char* begin, const char* end) {
    const uintptr_t offset = address - reinterpret_cast<uintptr_t>(begin);
    const auto span = static_cast<uintptr_t>(reinterpret_cast<uintptr_t>(end) - reinterpret_cast<uintptr_t>(begin));
    return offset < span && bytes <= span - offset;
  };
  return within_span(__cusim_statics_data_begin, __cusim_statics_data_end) ||
         within_span(__cusim_statics_bss_begin, __cusim_statics_bss_end);
}

// The lowest address of either range: the race checker's page table for them starts there.
inline uintptr_t lowest() {
  const auto data = reinterpret_cast<uintptr_t>(__cusim_statics_data_begin);
  const auto bss = reinterpret_cast<uintptr_t>(__cusim_statics_bss_begin);
  if (data == reinterpret_cast<uintptr_t>(__cusim_statics_data_end)) return bss;
  if (bss == reinterpret_cast<uintptr_t>(__cusim_statics_bss_end)) return data;
  return data < bss ? data : bss;
}

}  // namespace cusim::device_statics
