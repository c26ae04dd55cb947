#include "cusim/runtime/symbolize.h"

#include <dlfcn.h>

#include <cstdio>

namespace cusim {

// The grader puts the line in place of the marker (run/source_lines.h): the runner may start no process
// (core/syscall_filter.h), so it cannot run addr2line itself.
std::optional<uintptr_t> file_offset(uintptr_t return_address) {
  Dl_info info{};
  if (dladdr(reinterpret_cast<void*>(return_address), &info) == 0) return std::nullopt;
  return return_address - 1 - reinterpret_cast<uintptr_t>(info.dli_fbase);
}

std::string source_line(uintptr_t return_address) {
  const std::optional<uintptr_t> offset = file_offset(return_address);
  if (!offset) return "an unknown line";
  char marker[64];
  std::snprintf(marker, sizeof marker, "{{cusim-line 0x%lx}}", static_cast<unsigned long>(*offset));
  return marker;
}

std::string triple(uint3 value) {
  return "(" + std::to_string(value.x) + "," + std::to_string(value.y) + "," + std::to_string(value.z) + ")";
}

}  // namespace cusim
