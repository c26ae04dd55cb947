// A simulator object's DWARF, as `readelf --debug-dump=rawline,info` lists it: its debugging entries (each
// function, each place one was inlined, each call) and the file table their decl_file numbers index. The
// check that device code calls no host function (sim/host_calls.h) reads the calls from it: g++ inlines small
// functions, which then leave no relocation behind, but DWARF still records where each was inlined.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

namespace cudagrade {

struct DebugEntry {
  uint64_t offset = 0;
  int depth = 0;
  std::string tag;  // "DW_TAG_subprogram", "DW_TAG_inlined_subroutine", "DW_TAG_GNU_call_site", ...
  std::optional<uint64_t> parent;  // the enclosing entry's offset
  std::string name;
  int decl_file = 0;  // into DebugInfo::files; 0 when not given
  int decl_line = 0;
  int decl_column = 0;
  int call_line = 0;  // an inlined_subroutine's: where it was called
  bool artificial = false;
  // The entry this one completes: an inlined or concrete instance's abstract origin (a call site's callee, for
  // GCC's DW_TAG_GNU_call_site), a definition's in-class declaration.
  std::optional<uint64_t> abstract_origin;
  std::optional<uint64_t> specification;
};

struct DebugInfo {
  std::vector<DebugEntry> entries;  // in the listing's order: a parent before its children
  std::vector<std::string> files;   // files[i - 1] is decl_file i, as the first line table names it

  const DebugEntry* at(uint64_t offset) const;
  // Whether decl_file `index` is the file named `file_name` (its last path component compared).
  bool is_file(int index, const std::string& file_name) const;

  std::unordered_map<uint64_t, size_t> index_of_offset;
};

// Reads `readelf --debug-dump=rawline,info` output for one object of one compilation unit. Lines it does
// not recognise are skipped.
DebugInfo parse_debug_info(const std::string& listing);

}  // namespace cudagrade
