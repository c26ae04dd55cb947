#include "sim/debug_info.h"

#include <cstdlib>
#include <sstream>
#include <string_view>

namespace cudagrade {
namespace {

std::string_view trimmed(std::string_view text) {
  while (!text.empty() && (text.front() == ' ' || text.front() == '\t')) text.remove_prefix(1);
  while (!text.empty() && (text.back() == ' ' || text.back() == '\t' || text.back() == '\r')) text.remove_suffix(1);
  return text;
}

// " <1><2759>: Abbrev Number: 78 (DW_TAG_subprogram)": depth 1, offset 0x2759; null entries ("Abbrev Number:
// 0") end a list of children and are not entries.
std::optional<DebugEntry> entry_heading(std::string_view line) {
  line = trimmed(line);
  if (line.size() < 4 || line[0] != '<') return std::nullopt;
  const size_t depth_end = line.find('>');
  if (depth_end == std::string_view::npos || depth_end + 1 >= line.size() || line[depth_end + 1] != '<') {
    return std::nullopt;
  }
  const size_t offset_end = line.find('>', depth_end + 1);
  const size_t open = line.find("(DW_TAG_");
  if (offset_end == std::string_view::npos || open == std::string_view::npos) return std::nullopt;
  const size_t close = line.find(')', open);
  if (close == std::string_view::npos) return std::nullopt;
  DebugEntry entry;
  const long long depth = std::strtoll(std::string(line.substr(1, depth_end - 1)).c_str(), nullptr, 10);
  if (depth < 0 || depth > 4096) return std::nullopt;
  entry.depth = static_cast<int>(depth);
  entry.offset = std::strtoull(std::string(line.substr(depth_end + 2, offset_end - depth_end - 2)).c_str(), nullptr, 16);
  entry.tag = std::string(line.substr(open + 1, close - open - 1));
  return entry;
}

// "<0x2759>" anywhere in an attribute's value: the entry it refers to.
std::optional<uint64_t> reference(std::string_view value) {
  const size_t open = value.find("<0x");
  if (open == std::string_view::npos) return std::nullopt;
  return std::strtoull(std::string(value.substr(open + 3)).c_str(), nullptr, 16);
}

// A string attribute's value: "add", or "(indirect string, offset: 0xce4): block_sums".
std::string string_value(std::string_view value) {
  if (value.rfind("(indirect", 0) == 0) {
    const size_t colon = value.find("): ");
    return colon == std::string_view::npos ? "" : std::string(value.substr(colon + 3));
  }
  return std::string(value);
}

// "    <275a>   DW_AT_name        : add" onto the entry being read.
void read_attribute(std::string_view line, DebugEntry& entry) {
  const size_t at = line.find("DW_AT_");
  const size_t colon = line.find(':', at);
  if (at == std::string_view::npos || colon == std::string_view::npos) return;
  const std::string_view name = trimmed(line.substr(at, colon - at));
  const std::string_view value = trimmed(line.substr(colon + 1));
  // Lines and columns past int's range (`#line 4294967295`) are read as 0, which no check takes for a place.
  const long long parsed = std::strtoll(std::string(value).c_str(), nullptr, 10);
  const int number = parsed > 0 && parsed < (1LL << 30) ? static_cast<int>(parsed) : 0;
  if (name == "DW_AT_name") entry.name = string_value(value);
  else if (name == "DW_AT_decl_file") entry.decl_file = number;
  else if (name == "DW_AT_decl_line") entry.decl_line = number;
  else if (name == "DW_AT_decl_column") entry.decl_column = number;
  else if (name == "DW_AT_call_line") entry.call_line = number;
  else if (name == "DW_AT_artificial") entry.artificial = number != 0;
  else if (name == "DW_AT_abstract_origin" || name == "DW_AT_call_origin") entry.abstract_origin = reference(value);
  else if (name == "DW_AT_specification") entry.specification = reference(value);
}

// "  1	0	0	0	reduction.cu" under "The File Name Table" (DWARF 4: entry, directory, time, size, name).
void read_file_entry(std::string_view line, std::vector<std::string>& files) {
  std::istringstream fields{std::string(line)};
  size_t entry = 0;
  std::string dir, time, size, name;
  if (!(fields >> entry >> dir >> time >> size) || !std::getline(fields, name)) return;
  if (entry != files.size() + 1) return;
  files.emplace_back(trimmed(name));
}

}  // namespace

const DebugEntry* DebugInfo::at(uint64_t offset) const {
  const auto found = index_of_offset.find(offset);
  return found == index_of_offset.end() ? nullptr : &entries[found->second];
}

bool DebugInfo::is_file(int index, const std::string& file_name) const {
  if (index < 1 || static_cast<size_t>(index) > files.size()) return false;
  const std::string& file = files[static_cast<size_t>(index) - 1];
  const size_t slash = file.rfind('/');
  return (slash == std::string::npos ? file : file.substr(slash + 1)) == file_name;
}

DebugInfo parse_debug_info(const std::string& listing) {
  DebugInfo info;
  std::istringstream lines(listing);
  enum class Part { kOther, kFileTable, kEntries } part = Part::kOther;
  bool file_table_read = false;
  std::vector<uint64_t> open_at_depth;  // the offset of the last entry at each depth
  for (std::string line; std::getline(lines, line);) {
    if (line.find("The File Name Table") != std::string::npos) {
      part = file_table_read ? Part::kOther : Part::kFileTable;  // the first unit's table only
      file_table_read = true;
      continue;
    }
    if (part == Part::kFileTable) {
      if (trimmed(line).empty()) part = Part::kOther;
      else read_file_entry(line, info.files);
      continue;
    }
    if (std::optional<DebugEntry> entry = entry_heading(line)) {
      part = Part::kEntries;
      open_at_depth.resize(static_cast<size_t>(entry->depth) + 1);
      if (entry->depth > 0) entry->parent = open_at_depth[static_cast<size_t>(entry->depth) - 1];
      open_at_depth[static_cast<size_t>(entry->depth)] = entry->offset;
      info.index_of_offset[entry->offset] = info.entries.size();
      info.entries.push_back(std::move(*entry));
      continue;
    }
    if (line.find("Abbrev Number:") != std::string::npos) {  // an entry not kept: its attributes are not ours
      part = Part::kOther;
      continue;
    }
    if (part == Part::kEntries && !info.entries.empty() && line.find("DW_AT_") != std::string::npos) {
      read_attribute(line, info.entries.back());
    }
  }
  return info;
}

}  // namespace cudagrade
