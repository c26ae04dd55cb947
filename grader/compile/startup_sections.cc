#include "compile/startup_sections.h"

#include <fmt/format.h>

#include <array>
#include <string_view>

namespace cudagrade {
namespace {

// Sections whose slots the loader calls: a name the linker script gathers into the runner's arrays, the
// plain name or a priority suffix (".init_array.00099", ".ctors.65435").
constexpr std::array<std::string_view, 5> kPointerSections = {".init_array", ".preinit_array", ".fini_array", ".ctors",
                                                              ".dtors"};
// Sections whose code is spliced into _init and _fini.
constexpr std::array<std::string_view, 2> kCodeSections = {".init", ".fini"};

bool named(const std::string& section, std::string_view family) {
  return section == family || (section.size() > family.size() && section.compare(0, family.size(), family) == 0 &&
                               section[family.size()] == '.');
}

template <size_t N>
bool in_family(const std::string& section, const std::array<std::string_view, N>& families) {
  for (std::string_view family : families) {
    if (named(section, family)) return true;
  }
  return false;
}

bool pointer_section(const ElfSection& section) {
  return in_family(section.name, kPointerSections) || section.type == "INIT_ARRAY" ||
         section.type == "PREINIT_ARRAY" || section.type == "FINI_ARRAY";
}

// The functions the compilers put in .init_array of an honest file, by their exact names or prefix:
//  - `_GLOBAL__sub_I_<name>`: g++ (and nvcc's host compiler) runs the dynamic initialisers of the file's
//    globals (`static std::vector<float> scratch(16);`) and registers their destructors with __cxa_atexit;
//  - `_sub_I_00099_0`: the module constructor of -fsanitize=thread, in .init_array.00099, which the
//    simulator's builds use;
//  - `_ZL24__sti____cudaRegisterAllv`: nvcc's registration of the file's fatbinary and kernels.
// Only .init_array holds them: neither compiler emits .preinit_array, .fini_array, .ctors or .dtors on
// x86-64 Linux (destructors go through __cxa_atexit), so any entry there is the file's own.
// A name is no proof: a file can name a function of its own `_GLOBAL__sub_I_x` (extern "C") and place it
// there. What it gains is what a global's initialiser already gives every file (`int x = early();`): its
// code runs before main. That is why the harness does not rely on running first for anything but taking
// its channel, which it does in .preinit_array, before every .init_array entry (harness.h).
bool compiler_made(const std::string& function) {
  return function.rfind("_GLOBAL__sub_I_", 0) == 0 || function == "_sub_I_00099_0" ||
         function == "_ZL24__sti____cudaRegisterAllv";
}

// What a slot's relocation points at: a function symbol, or a section symbol plus the function's offset.
std::string target_of(const ElfListing& object, const ElfRelocation& relocation) {
  const ElfSymbol* symbol = object.symbol(relocation.symbol_index);
  if (symbol == nullptr) return "";
  if (symbol->type != "SECTION") return symbol->name;
  if (!symbol->section || relocation.addend < 0) return "";
  const ElfSymbol* function =
      object.function_at(*symbol->section, symbol->value + static_cast<uint64_t>(relocation.addend));
  return function ? function->name : "";
}

const ElfRelocationSection* relocations_of(const ElfListing& object, const std::string& section) {
  for (const ElfRelocationSection& candidate : object.relocation_sections) {
    if (candidate.patches == section) return &candidate;
  }
  return nullptr;
}

constexpr uint64_t kSlotBytes = 8;

// Every slot must be filled by one relocation to a function the compiler made; a slot no relocation fills
// holds an address written into the object by hand.
StartupVerdict judge_pointer_section(const ElfListing& object, const ElfSection& section) {
  const ElfRelocationSection* relocations = relocations_of(object, section.name);
  const size_t filled = relocations ? relocations->relocations.size() : 0;
  if (section.size != filled * kSlotBytes) return {StartupVerdict::Outcome::kUnreadableSlot, section.name, ""};
  if (filled == 0) return {};
  const bool only_compiler_entries = named(section.name, ".init_array") && section.type == "INIT_ARRAY";
  for (const ElfRelocation& relocation : relocations->relocations) {
    const std::string function = target_of(object, relocation);
    if (!only_compiler_entries || relocation.type != "R_X86_64_64" || !compiler_made(function)) {
      return {StartupVerdict::Outcome::kStudentEntry, section.name, function};
    }
  }
  return {};
}

}  // namespace

StartupVerdict judge_startup_sections(const ElfListing& object) {
  for (const ElfSymbol& symbol : object.symbols) {
    if (symbol.type == "IFUNC") return {StartupVerdict::Outcome::kResolver, "", symbol.name};
  }
  for (const ElfSection& section : object.sections) {
    if (in_family(section.name, kCodeSections) && section.size > 0) {
      return {StartupVerdict::Outcome::kCodeSection, section.name, ""};
    }
    if (!pointer_section(section)) continue;
    StartupVerdict verdict = judge_pointer_section(object, section);
    if (verdict.outcome != StartupVerdict::Outcome::kAllowed) return verdict;
  }
  return {};
}

std::string describe_startup_refusal(const StartupVerdict& verdict) {
  const std::string function = verdict.function.empty() ? "an address no function of the file owns" : verdict.function;
  switch (verdict.outcome) {
    case StartupVerdict::Outcome::kAllowed:
      return "";
    case StartupVerdict::Outcome::kStudentEntry:
      return fmt::format("rejected: the compiled file asks the loader to run {} from {}, before or after the "
                         "harness's main; a lab's code runs only when the harness calls it: remove the constructor, "
                         "destructor or section attribute",
                         function, verdict.section);
    case StartupVerdict::Outcome::kUnreadableSlot:
      return fmt::format("rejected: the compiled file fills {} with {}; a lab's code runs only when the harness calls "
                         "it: remove the section attribute",
                         verdict.section, function);
    case StartupVerdict::Outcome::kCodeSection:
      return fmt::format("rejected: the compiled file places code in {}, which runs before the harness's main; a "
                         "lab's code runs only when the harness calls it: remove the section attribute",
                         verdict.section);
    case StartupVerdict::Outcome::kResolver:
      return fmt::format("rejected: {} is an indirect function (ifunc or target_clones), whose resolver runs while "
                         "the program is loaded, before the harness; write one plain version of it",
                         function);
  }
  return "";
}

}  // namespace cudagrade
