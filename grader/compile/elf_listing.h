// An object file's sections, symbols and relocations, as `readelf -W -S -s -r` lists them. The object checks
// that look past symbol names (what the startup sections call, which symbols are resolver functions) read
// this instead of parsing readelf's text each on their own.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace cudagrade {

struct ElfSection {
  int index = 0;
  std::string name;  // ".init_array.00099"
  std::string type;  // "INIT_ARRAY", "PROGBITS", ...
  uint64_t size = 0;
  std::string flags;  // readelf's letters: "WA" (writable, allocated), "AX", "WAG", ...
};

struct ElfSymbol {
  uint64_t index = 0;
  uint64_t value = 0;
  std::string type;            // "FUNC", "SECTION", "IFUNC", ...
  std::string binding;         // "LOCAL", "GLOBAL", "WEAK"
  std::optional<int> section;  // the defining section's index; nullopt for UND, ABS and COMMON
  std::string name;
};

struct ElfRelocation {
  uint64_t offset = 0;        // within the section it patches
  uint64_t symbol_index = 0;  // into the object's .symtab
  std::string type;           // "R_X86_64_64"
  int64_t addend = 0;
};

struct ElfRelocationSection {
  std::string name;     // ".rela.init_array"
  std::string patches;  // the section it applies to: ".init_array"
  std::vector<ElfRelocation> relocations;
};

struct ElfListing {
  std::vector<ElfSection> sections;
  // What readelf's heading says the object holds ("There are 21 section headers"): more than `sections`
  // when a line did not parse (a name with a space in it, say).
  std::optional<size_t> declared_sections;
  std::vector<ElfSymbol> symbols;  // .symtab only
  std::vector<ElfRelocationSection> relocation_sections;

  const ElfSymbol* symbol(uint64_t index) const;
  const ElfSection* section(int index) const;
  // The function defined at `offset` in section `index`, if the symbol table names one.
  const ElfSymbol* function_at(int index, uint64_t offset) const;
};

// Reads `readelf -W -S -s -r` output for one relocatable object. Lines it does not recognise are skipped.
ElfListing parse_readelf(const std::string& listing);

}  // namespace cudagrade
