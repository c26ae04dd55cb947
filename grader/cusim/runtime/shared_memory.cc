#include "cusim/runtime/shared_memory.h"

#include <cstring>
#include <vector>

#include "cusim.h"
#include "cusim/runtime/race_checker.h"

namespace cusim {
namespace {

struct Region {
  unsigned char* begin;
  size_t bytes;
  std::string description;
};

std::vector<Region>& regions() {
  static std::vector<Region> all;
  return all;
}

alignas(256) unsigned char g_dynamic_buffer[kMaxDynamicShared];
size_t g_dynamic_watched = 0;  // bytes of the dynamic buffer the race checker watches

void fill_with_garbage(void* begin, size_t bytes) { std::memset(begin, kSharedGarbage, bytes); }

}  // namespace

unsigned char* const g_dynamic_shared = g_dynamic_buffer;

SharedArray::SharedArray(const volatile void* address, size_t bytes, const char* name, int line) {
  regions().push_back({static_cast<unsigned char*>(const_cast<void*>(address)), bytes,
                       "shared array '" + std::string(name) + "' (declared at line " + std::to_string(line) + ")"});
  fill_with_garbage(regions().back().begin, bytes);
  race::watch(regions().back().begin, bytes);
}

void refill_shared_memory(size_t dynamic_bytes) {
  for (const Region& region : regions()) fill_with_garbage(region.begin, region.bytes);
  // Watched as far as a launch has asked for: shadowing all 227 KiB up front would cost every run.
  if (dynamic_bytes > g_dynamic_watched) {
    race::watch(g_dynamic_buffer + g_dynamic_watched, dynamic_bytes - g_dynamic_watched);
    g_dynamic_watched = dynamic_bytes;
  }
  if (dynamic_bytes > 0) fill_with_garbage(g_dynamic_buffer, dynamic_bytes);
  race::limit_dynamic_shared(g_dynamic_buffer, dynamic_bytes, kMaxDynamicShared);
}

std::optional<std::string> describe_shared_address(const void* address) {
  const auto* byte = static_cast<const unsigned char*>(address);
  for (const Region& region : regions()) {
    if (byte >= region.begin && byte < region.begin + region.bytes) return region.description;
  }
  if (byte >= g_dynamic_buffer && byte < g_dynamic_buffer + kMaxDynamicShared) {
    return std::string("dynamic shared memory (extern __shared__)");
  }
  return std::nullopt;
}

}  // namespace cusim
