#include "check/integrity.h"

#include <fmt/format.h>

namespace cudagrade {
namespace {

struct GuardScan {
  size_t damaged = 0;
  size_t first = 0;  // index of the first damaged word within the guard
};

GuardScan scan_guard(std::span<const uint32_t> guard, uint32_t word) {
  GuardScan scan;
  for (size_t i = 0; i < guard.size(); ++i) {
    if (guard[i] == word) continue;
    if (scan.damaged++ == 0) scan.first = i;
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
    std::span<const uint32_t> front = arena.front_guard(set, index);
    const uint32_t word = protocol::guard_word(static_cast<uint32_t>(index));
    GuardScan before = scan_guard(front, word);
    if (before.damaged > 0) {
      findings.push_back(fmt::format("wrote {} element(s) before the start of {} (as far as {} elements before it)",
                                     before.damaged, buffer.name, front.size() - before.first));
    }
    GuardScan after = scan_guard(arena.back_guard(set, index), word);
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
    std::span<const uint32_t> returned = arena.data(set, index);
    size_t changed = 0, first = 0;
    for (size_t i = 0; i < buffer.size(); ++i) {
      if (returned[i] == buffer.words[i]) continue;
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
