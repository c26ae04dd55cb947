#include "compile/static_storage.h"

#include <string_view>

namespace cudagrade {
namespace {

bool named_or_under(std::string_view name, std::string_view base) {
  return name == base || (name.size() > base.size() && name.substr(0, base.size()) == base &&
                          name[base.size()] == '.');
}

// The writable sections g++ and nvcc make for a lab file: its data and zero-initialised data (every
// `.data.*` and `.bss.*`: template statics, -fdata-sections), thread-local data (the symbol policy refuses a
// file that uses it: g++ reaches it through the GOT), the startup sections (startup_sections.h judges what
// they run) and nvcc's fat binary's descriptor.
bool watched_or_known(const ElfSection& section) {
  for (std::string_view base : {".data", ".bss", ".tdata", ".tbss", ".init_array", ".fini_array", ".preinit_array",
                                ".ctors", ".dtors"}) {
    if (named_or_under(section.name, base)) return true;
  }
  return section.name == ".nvFatBinSegment" || section.type == "INIT_ARRAY" || section.type == "FINI_ARRAY" ||
         section.type == "PREINIT_ARRAY";
}

bool writable_and_allocated(const ElfSection& section) {
  return section.flags.find('W') != std::string::npos && section.flags.find('A') != std::string::npos;
}

}  // namespace

StaticStorageVerdict judge_static_storage(const ElfListing& object) {
  if (object.declared_sections && *object.declared_sections != object.sections.size()) {
    return {StaticStorageVerdict::Outcome::kUnlistedSections, ""};
  }
  for (const ElfSection& section : object.sections) {
    if (writable_and_allocated(section) && !watched_or_known(section)) {
      return {StaticStorageVerdict::Outcome::kOwnSection, section.name};
    }
  }
  return {};
}

std::string describe_static_storage_refusal(const StaticStorageVerdict& verdict) {
  switch (verdict.outcome) {
    case StaticStorageVerdict::Outcome::kAllowed:
      return "";
    case StaticStorageVerdict::Outcome::kOwnSection:
      return "rejected: the object keeps writable data in a section of its own (" + verdict.section +
             "), where neither the race check nor the efficiency count would see it; declare __device__ and "
             "host variables without a section attribute";
    case StaticStorageVerdict::Outcome::kUnlistedSections:
      return "rejected: the object has sections readelf lists in a form the grader cannot read (a section name "
             "with spaces in it, say); remove section attributes";
  }
  return "";
}

}  // namespace cudagrade
