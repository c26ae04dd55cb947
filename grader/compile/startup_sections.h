// What the student's object asks the loader to run before (and after) main: the entries of .init_array,
// .preinit_array, .fini_array, .ctors and .dtors, the code of .init and .fini, and resolver functions
// (IFUNC), which the dynamic loader calls while it relocates, before any constructor. The harness takes its
// channel first (harness.h), but a submission's own startup code has no place in a lab, and only the
// entries the compilers make for ordinary C++ and CUDA are allowed (startup_sections.cc says which).
#pragma once

#include <string>

#include "compile/elf_listing.h"

namespace cudagrade {

struct StartupVerdict {
  enum class Outcome {
    kAllowed,
    kStudentEntry,    // a startup section runs a function the compiler did not make for itself
    kUnreadableSlot,  // a slot of a startup section that no relocation fills: an address written by hand
    kCodeSection,     // code placed in .init or .fini, which _init and _fini run as their own
    kResolver,        // an IFUNC symbol: its resolver runs while the loader relocates
  } outcome = Outcome::kAllowed;
  std::string section;   // ".init_array"
  std::string function;  // what the entry runs, as the symbol table names it; empty when none does
};

StartupVerdict judge_startup_sections(const ElfListing& object);

// The teaching message for a refused verdict, naming the section and the function.
std::string describe_startup_refusal(const StartupVerdict& verdict);

}  // namespace cudagrade
