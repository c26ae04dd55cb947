#include "sim/host_reads.h"

#include <fmt/format.h>

#include <string_view>

#include "model/launch_account.h"

namespace cudagrade {
namespace {

// The symbol a -ffunction-sections or -fdata-sections section is named after: ".text.unlikely._Z1kPf" is
// "_Z1kPf", ".bss._ZN12_GLOBAL__N_11nE" is "_ZN12_GLOBAL__N_11nE"; empty for any other section.
std::string symbol_of_section(std::string_view section, std::initializer_list<std::string_view> prefixes) {
  for (std::string_view prefix : prefixes) {
    if (section.substr(0, prefix.size()) == prefix) return std::string(section.substr(prefix.size()));
  }
  return "";
}

std::string text_symbol(std::string_view section) {
  return symbol_of_section(section, {".text.unlikely.", ".text.startup.", ".text.hot.", ".text.exit.", ".text."});
}

std::string data_symbol(std::string_view section) {
  for (std::string_view shared : {".data.rel.ro.local", ".data.rel.ro", ".data.rel.local", ".data.rel", ".data", ".bss"}) {
    if (section == shared) return "";  // the section of no one variable (a sanitizer's own data, say)
  }
  return symbol_of_section(section, {".data.rel.ro.local.", ".data.rel.ro.", ".data.rel.local.", ".data.rel.",
                                     ".data.", ".bss."});
}

// Static storage the check never judges: a function's statics (a __shared__ array is one), their guards,
// a class's vtable and type information, the compiler's local labels, and the simulator's own.
bool not_a_variable_of_the_file(const std::string& symbol) {
  for (std::string_view prefix : {"_ZZ", "_ZGV", "_ZT", "_ZN5cusim", "__", "."}) {
    if (symbol.rfind(prefix, 0) == 0) return true;
  }
  return false;
}

// The writable variable a relocation reads, by symbol: its own symbol, or the section symbol of its section.
std::string variable_read(const ElfListing& object, const ElfRelocation& relocation) {
  const ElfSymbol* target = object.symbol(relocation.symbol_index);
  if (target == nullptr || !target->section) return "";  // undefined here: the runtime's, or a library's
  const ElfSection* section = object.section(*target->section);
  if (section == nullptr || section->flags.find('W') == std::string::npos) return "";
  if (target->type == "OBJECT") return target->name;
  if (target->type == "SECTION") return data_symbol(section->name);
  return "";
}

// The file's read-only array or struct a relocation reads, by symbol: a section of its own (-fdata-sections) in
// read-only data, larger than any scalar. nvcc takes a const scalar with a constant initialiser in device code,
// and refuses an array or a struct, const or constexpr ("identifier "kTaps" is undefined in device code",
// nvcc 13.0, 2026-11-29); a scalar g++ kept in memory is let through.
constexpr uint64_t kLargestScalarBytes = 16;

std::string read_only_aggregate(const ElfListing& object, const ElfRelocation& relocation) {
  const ElfSymbol* target = object.symbol(relocation.symbol_index);
  if (target == nullptr || !target->section) return "";
  const ElfSection* section = object.section(*target->section);
  if (section == nullptr || section->flags.find('W') != std::string::npos) return "";
  // A mergeable section holds the compiler's literals (".rodata.str1.1", ".rodata.cst16"), not a variable.
  if (section->flags.find('M') != std::string::npos || section->size <= kLargestScalarBytes) return "";
  const std::string own = symbol_of_section(section->name, {".rodata."});
  if (own.empty() || (target->type != "SECTION" && target->name != own)) return "";
  // A reference's temporary (_ZGR), and the C++ library's own constants (std::, __gnu_cxx::, __pstl::).
  for (std::string_view library : {"_ZGR", "_ZSt", "_ZNSt", "_ZN9__gnu_cxx", "_ZN6__pstl"}) {
    if (own.rfind(library, 0) == 0) return "";
  }
  return own;
}

}  // namespace

HostReadVerdict find_host_read(const ElfListing& object, const DeviceNames& names, const SourceScan& compiled) {
  for (const ElfRelocationSection& relocations : object.relocation_sections) {
    const std::string function = text_symbol(relocations.patches);
    if (function.empty()) continue;
    const std::string kernel = symbol_identifier(function);
    if (names.kernels.count(kernel) == 0) continue;
    for (const ElfRelocation& relocation : relocations.relocations) {
      std::string symbol = variable_read(object, relocation);
      // Read-only data may be a header's table: only a name the file itself writes is judged.
      bool needs_the_files_name = false;
      if (symbol.empty()) {
        symbol = read_only_aggregate(object, relocation);
        needs_the_files_name = true;
      }
      if (symbol.empty() || not_a_variable_of_the_file(symbol)) continue;
      const std::string variable = symbol_identifier(symbol);
      if (variable.empty() || names.device_variables.count(variable) != 0) continue;
      if (needs_the_files_name && compiled.find_tokens(variable).empty()) continue;
      return {HostReadVerdict::Outcome::kHostVariable, kernel, variable};
    }
  }
  return {};
}

std::string describe_host_read(const HostReadVerdict& verdict, const std::string& file_name) {
  return fmt::format(
      "compile error: {}: kernel {} reads the host variable {}, which nvcc refuses (identifier \"{}\" is undefined "
      "in device code): device code sees only __device__ and __constant__ variables. Pass the value as a kernel "
      "argument, or declare the variable __device__ (or __constant__) and set it with cudaMemcpyToSymbol",
      file_name, verdict.kernel, verdict.variable, verdict.variable);
}

}  // namespace cudagrade
