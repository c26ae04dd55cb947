#include "check/integrity.h"

#include <fmt/format.h>

#include <algorithm>
#include <cstdint>
#include <cstring>

namespace cudagrade {
namespace {

struct GuardScan {
  size_t damaged = 0;  // elements of the buffer's width with at least one changed byte
  size_t first = 0;    // the first of them, counted from the guard's start
};

// A guard is the buffer's guard word repeated from its first byte; whole blocks are compared at once, and
// only a block that differs is looked at byte by byte.
GuardScan scan_guard(std::span<const std::byte> guard, uint32_t word, size_t width) {
  constexpr size_t kBlock = 4096;  // a multiple of 4, so every block starts the pattern afresh
  std::byte pattern[kBlock];
  for (size_t i = 0; i < kBlock; ++i) pattern[i] = static_cast<std::byte>(word >> (8 * (i % 4)));
  GuardScan scan;
  size_t last_damaged = SIZE_MAX;
  for (size_t block = 0; block < guard.size(); block += kBlock) {
    const size_t bytes = std::min(kBlock, guard.size() - block);
    if (std::memcmp(guard.data() + block, pattern, bytes) == 0) continue;
    for (size_t i = block; i < block + bytes; ++i) {
      if (guard[i] == pattern[i % kBlock] || i / width == last_damaged) continue;
      last_damaged = i / width;
      if (scan.damaged++ == 0) scan.first = last_damaged;
    }
  }
  return scan;
}

}  // namespace

std::string element_name(const HostBuffer& buffer, size_t index) {
  if (buffer.rows > 1 && buffer.cols > 0) {
    return fmt::format("{}[row {}, col {}]", buffer.name, index / buffer.cols, index % buffer.cols);
  }
  return fmt::format("{}[{}]", buffer.name, index);
}

std::optional<std::string> describe_guard_damage(const Arena& arena, size_t set, const Workload& sent) {
  std::vector<std::string> findings;
  for (size_t index = 0; index < sent.buffers.size(); ++index) {
    const HostBuffer& buffer = sent.buffers[index];
    const std::span<const std::byte> front = arena.front_guard(set, index);
    const uint32_t word = protocol::guard_word(static_cast<uint32_t>(index));
    const size_t width = buffer.width();
    GuardScan before = scan_guard(front, word, width);
    if (before.damaged > 0) {
      findings.push_back(fmt::format("wrote {} element(s) before the start of {} (as far as {} elements before it)",
                                     before.damaged, buffer.name, front.size() / width - before.first));
    }
    GuardScan after = scan_guard(arena.back_guard(set, index), word, width);
    if (after.damaged > 0) {
      findings.push_back(
          fmt::format("wrote {} element(s) past the end of {} (the first at {}[{}], {} past its "
                      "last element)",
                      after.damaged, buffer.name, buffer.name, buffer.size() + after.first, after.first + 1));
    }
  }
  if (findings.empty()) return std::nullopt;
  return fmt::format("{}", fmt::join(findings, "; "));
}

std::optional<std::string> describe_input_changes(const Arena& arena, size_t set, const Workload& sent) {
  std::vector<std::string> findings;
  for (size_t index = 0; index < sent.buffers.size(); ++index) {
    const HostBuffer& buffer = sent.buffers[index];
    if (buffer.role != BufferRole::kInput) continue;
    const Elements returned = arena.data(set, index);
    const Elements sent_elements = buffer.elements();
    if (returned.same_bytes(sent_elements)) continue;
    size_t changed = 0, first = 0;
    for (size_t i = 0; i < buffer.size(); ++i) {
      if (returned.bits(i) == sent_elements.bits(i)) continue;
      if (changed++ == 0) first = i;
    }
    if (changed > 0) {
      findings.push_back(fmt::format("input {} was modified: {} element(s) changed, the first at {}", buffer.name,
                                     changed, element_name(buffer, first)));
    }
  }
  if (findings.empty()) return std::nullopt;
  return fmt::format("{} (inputs must not be written)", fmt::join(findings, "; "));
}

}  // namespace cudagrade
