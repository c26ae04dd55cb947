#include "check/access_profile.h"

#include <fmt/format.h>

#include <algorithm>
#include <sstream>
#include <tuple>

#include "core/text.h"

namespace cudagrade {
namespace {

// Global traffic this far over the ideal is a pattern worth a student's attention; below it, rows that do not
// start at a 32-byte boundary (odd sizes) and partial warps at the edges explain the difference.
constexpr double kUncoalesced = 1.5;
constexpr double kConflicted = 1.05;

std::optional<AccessCount> parse_record(const std::string& record) {
  std::vector<std::string> parts;
  std::istringstream fields(record);
  for (std::string part; std::getline(fields, part, ',');) parts.push_back(part);
  if (parts.size() != 7 || (parts[1] != "g" && parts[1] != "s") || (parts[2] != "l" && parts[2] != "s")) {
    return std::nullopt;
  }
  try {
    AccessCount count;
    count.code_offset = std::stoull(parts[0], nullptr, 16);
    count.space = parts[1] == "g" ? MemorySpace::kGlobal : MemorySpace::kShared;
    count.store = parts[2] == "s";
    count.bytes_per_lane = std::stoi(parts[3]);
    count.instructions = std::stoull(parts[4]);
    count.units = std::stoull(parts[5]);
    count.ideal_units = std::stoull(parts[6]);
    if (count.bytes_per_lane < 1 || count.bytes_per_lane > 16) return std::nullopt;
    return count;
  } catch (const std::exception&) {
    return std::nullopt;
  }
}

auto key_of(const AccessCount& count) { return std::make_tuple(count.code_offset, count.space, count.store); }

std::vector<std::string> lines_of(const std::string& source) {
  std::vector<std::string> lines;
  std::istringstream stream(source);
  for (std::string line; std::getline(stream, line);) lines.push_back(line);
  return lines;
}

std::string advice_for(const AccessProfileLine& line) {
  if (line.space == MemorySpace::kGlobal) {
    if (line.excess() < kUncoalesced) return "";
    return fmt::format(
        "A warp's {} here touch {:.1f}x the sectors they need: its lanes' addresses are far apart. Let threadIdx.x "
        "index the contiguous (last) dimension, so that the 32 lanes of a warp {} consecutive words{}.",
        line.store ? "stores" : "loads", line.excess(), line.store ? "write" : "read",
        line.store ? "" : ", or stage a tile through shared memory and read it from there");
  }
  if (line.excess() < kConflicted) return "";
  return fmt::format(
      "Lanes of a warp {} different words of one bank, and the bank serves them one after another ({:.1f}-way). "
      "Let consecutive lanes touch consecutive words: in a tree reduction, sequential addressing "
      "(s[tid] += s[tid + stride]); for a 2-D tile read by columns, pad the array by one column "
      "([TILE][TILE+1]) so that a column's words fall in different banks.",
      line.store ? "write" : "read", line.excess());
}

}  // namespace

std::optional<std::vector<AccessCount>> parse_access_counts(const std::string& field) {
  std::vector<AccessCount> counts;
  std::istringstream records(field);
  for (std::string record; std::getline(records, record, ';');) {
    std::optional<AccessCount> count = parse_record(record);
    if (!count) return std::nullopt;
    counts.push_back(*count);
  }
  return counts;
}

void add_access_counts(std::vector<AccessCount>& counts, const std::vector<AccessCount>& more) {
  for (const AccessCount& count : more) {
    auto same = std::find_if(counts.begin(), counts.end(), [&](const AccessCount& c) { return key_of(c) == key_of(count); });
    if (same == counts.end()) {
      counts.push_back(count);
      continue;
    }
    same->instructions += count.instructions;
    same->units += count.units;
    same->ideal_units += count.ideal_units;
  }
}

std::vector<AccessProfileLine> profile_lines(const std::vector<AccessCount>& counts,
                                             const std::map<uint64_t, int>& line_of, const std::string& source) {
  const std::vector<std::string> text = lines_of(source);
  std::map<std::tuple<int, MemorySpace, bool>, AccessProfileLine> by_line;
  for (const AccessCount& count : counts) {
    const auto place = line_of.find(count.code_offset);
    if (place == line_of.end()) continue;  // the harness's or the simulator's own code
    AccessProfileLine& line = by_line[{place->second, count.space, count.store}];
    line.line = place->second;
    line.space = count.space;
    line.store = count.store;
    line.bytes_per_lane = count.bytes_per_lane;
    line.instructions += count.instructions;
    line.units += count.units;
    line.ideal_units += count.ideal_units;
  }
  std::vector<AccessProfileLine> lines;
  for (auto& [key, line] : by_line) {
    if (line.line >= 1 && static_cast<size_t>(line.line) <= text.size()) line.source = trim(text[line.line - 1]);
    line.advice = advice_for(line);
    lines.push_back(line);
  }
  std::stable_sort(lines.begin(), lines.end(), [](const AccessProfileLine& a, const AccessProfileLine& b) {
    return a.units - a.ideal_units > b.units - b.ideal_units;
  });
  return lines;
}

std::string describe_cost(const AccessProfileLine& line) {
  if (line.space == MemorySpace::kGlobal) {
    const std::string verdict = line.excess() < kUncoalesced
                                    ? "coalesced"
                                    : fmt::format("uncoalesced, {:.1f}x the traffic", line.excess());
    return fmt::format("{:.1f} sectors/request (ideal {:.1f}): {}", line.per_request(), line.ideal_per_request(),
                       verdict);
  }
  if (line.excess() < kConflicted) {
    return fmt::format("{:.1f} wavefronts/request (ideal {:.1f}): no bank conflicts", line.per_request(),
                       line.ideal_per_request());
  }
  return fmt::format("{:.1f} wavefronts/request (ideal {:.1f}): {:.1f}-way bank conflict", line.per_request(),
                     line.ideal_per_request(), line.excess());
}

}  // namespace cudagrade
