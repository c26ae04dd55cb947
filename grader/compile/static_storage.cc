#include "compile/static_storage.h"

#include <string_view>

namespace cudagrade {
namespace {

bool named_or_under(std::string_view name, std::string_view base) {
  return name == base || (name.size() > base.size() && name.substr(0, base.size()) == base &&
                          name[base.size()] == '.');
}

// The writable sections g++ and nvcc make for a lab file: its data and zero-initialised data (every
// `.data.*` and `.bss.*`: template statics, -fdata-sections), the startup sections (startup_sections.h judges
// what they run) and nvcc's fat binary's descriptor.
bool watched_or_known(const ElfSection& section) {
  for (std::string_view base : {".data", ".bss", ".init_array", ".fini_array", ".preinit_array", ".ctors", ".dtors"}) {
    if (named_or_under(section.name, base)) return true;
  }
  return section.name == ".nvFatBinSegment" || section.type == "INIT_ARRAY" || section.type == "FINI_ARRAY" ||
         section.type == "PREINIT_ARRAY";
}

bool writable_and_allocated(const ElfSection& section) {
  return section.flags.find('W') != std::string::npos && section.flags.find('A') != std::string::npos;
}

// readelf's flag T: thread-local storage, whatever the section is called.
bool thread_local_storage(const ElfSection& section) {
  return section.flags.find('T') != std::string::npos || named_or_under(section.name, ".tdata") ||
         named_or_under(section.name, ".tbss");
}

}  // namespace

StaticStorageVerdict judge_static_storage(const ElfListing& object) {
  if (object.declared_sections && *object.declared_sections != object.sections.size()) {
    return {StaticStorageVerdict::Outcome::kUnlistedSections, ""};
  }
  for (const ElfSection& section : object.sections) {
    if (thread_local_storage(section)) return {StaticStorageVerdict::Outcome::kThreadLocal, section.name};
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
    case StaticStorageVerdict::Outcome::kThreadLocal:
      return "rejected: the object keeps thread_local storage (" + verdict.section +
             "), which CUDA device code cannot have and the simulator's checks do not watch; declare the "
             "variable without thread_local";
    case StaticStorageVerdict::Outcome::kUnlistedSections:
      return "rejected: the object has sections readelf lists in a form the grader cannot read (a section name "
             "with spaces in it, say); remove section attributes";
  }
  return "";
}

}  // namespace cudagrade
