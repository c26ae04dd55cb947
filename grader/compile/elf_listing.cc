#include "compile/elf_listing.h"

#include <regex>
#include <sstream>

namespace cudagrade {
namespace {

uint64_t hex(const std::string& text) { return std::stoull(text, nullptr, 16); }

enum class Part { kNone, kSections, kSymbols, kRelocations };

}  // namespace

const ElfSymbol* ElfListing::symbol(uint64_t index) const {
  for (const ElfSymbol& candidate : symbols) {
    if (candidate.index == index) return &candidate;
  }
  return nullptr;
}

const ElfSection* ElfListing::section(int index) const {
  for (const ElfSection& candidate : sections) {
    if (candidate.index == index) return &candidate;
  }
  return nullptr;
}

const ElfSymbol* ElfListing::function_at(int index, uint64_t offset) const {
  for (const ElfSymbol& candidate : symbols) {
    const bool function = candidate.type == "FUNC" || candidate.type == "IFUNC";
    if (function && candidate.section == index && candidate.value == offset) return &candidate;
  }
  return nullptr;
}

ElfListing parse_readelf(const std::string& listing) {
  // "  [11] .init_array       INIT_ARRAY      0000000000000000 000130 000010 08  WA  0   0  8"
  static const std::regex section_line(
      R"(^\s*\[\s*(\d+)\]\s+(\S+)\s+(\S+)\s+[0-9a-f]+\s+[0-9a-f]+\s+([0-9a-f]+)\s+[0-9a-f]+\s+([A-Za-z]*)\s+\d)");
  static const std::regex section_count(R"(^There (?:are|is) (\d+) section headers?)");
  // "     8: 0000000000000000   127 FUNC    LOCAL  DEFAULT    9 _GLOBAL__sub_I__Z5earlyv"
  static const std::regex symbol_line(R"(^\s*(\d+):\s+([0-9a-f]+)\s+\S+\s+(\S+)\s+(\S+)\s+\S+\s+(\S+)\s*(.*)$)");
  // "0000000000000000  0000000700000001 R_X86_64_64   0000000000000000 .text.startup + 0"
  static const std::regex relocation_line(
      R"(^([0-9a-f]+)\s+([0-9a-f]+)\s+(\S+)\s+(?:[0-9a-f]+\s+.*?\s+([+-])\s+([0-9a-f]+))?\s*$)");
  static const std::regex relocation_heading(R"(^Relocation section '(.+)' at offset)");
  std::istringstream lines(listing);
  ElfListing parsed;
  Part part = Part::kNone;
  bool in_symtab = false;
  std::smatch found;
  for (std::string line; std::getline(lines, line);) {
    if (std::regex_search(line, found, section_count)) {
      parsed.declared_sections = std::stoull(found[1]);
    } else if (line.rfind("Section Headers:", 0) == 0) {
      part = Part::kSections;
    } else if (line.rfind("Symbol table '", 0) == 0) {
      part = Part::kSymbols;
      in_symtab = line.rfind("Symbol table '.symtab'", 0) == 0;
    } else if (std::regex_search(line, found, relocation_heading)) {
      part = Part::kRelocations;
      const std::string name = found[1];
      const std::string patches = name.rfind(".rela", 0) == 0 ? name.substr(5) : name.substr(4);  // .rel
      parsed.relocation_sections.push_back({name, patches, {}});
    } else if (part == Part::kSections && std::regex_search(line, found, section_line)) {
      parsed.sections.push_back({std::stoi(found[1]), found[2], found[3], hex(found[4]), found[5]});
    } else if (part == Part::kSymbols && in_symtab && std::regex_match(line, found, symbol_line)) {
      ElfSymbol symbol{std::stoull(found[1]), hex(found[2]), found[3], found[4], std::nullopt, found[6]};
      const std::string where = found[5];
      if (!where.empty() && std::isdigit(static_cast<unsigned char>(where[0]))) symbol.section = std::stoi(where);
      parsed.symbols.push_back(symbol);
    } else if (part == Part::kRelocations && std::regex_match(line, found, relocation_line)) {
      // The symbol's index is the upper half of a 64-bit object's info word.
      const uint64_t info = hex(found[2]);
      int64_t addend = found[5].matched ? static_cast<int64_t>(hex(found[5])) : 0;
      if (found[4] == "-") addend = -addend;
      parsed.relocation_sections.back().relocations.push_back({hex(found[1]), info >> 32, found[3], addend});
    }
  }
  return parsed;
}

}  // namespace cudagrade
